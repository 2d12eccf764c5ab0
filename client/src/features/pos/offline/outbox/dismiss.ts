import { outboxDb, type DismissedSale, type OutboxDb } from './db';
import { dismissReasonOk } from './dismissRules';

// Dismissing a refused sale (issue 32): once a manager has dealt with it (re-entered online as a
// new sale, or settled by a return or a stock adjustment), it leaves the till's refused list with
// a reason. Never deleted: it moves to the device's `dismissed` table, the device's audit trail.

/**
 * Moves a refused sale to the dismissed ones, with the reason and the user, in one transaction.
 * False when it is no longer on the refused list (another tab dismissed it).
 */
export async function dismissRefused(
  id: string,
  input: { reason: string; by: { id: string; name: string } },
  db: OutboxDb = outboxDb(),
  now = new Date(),
): Promise<boolean> {
  const reason = input.reason.trim();
  if (!dismissReasonOk(reason)) throw new RangeError('reason');
  return db.transaction('rw', db.refused, db.dismissed, async () => {
    const row = await db.refused.get(id);
    if (!row) return false;
    await db.dismissed.put({
      ...row,
      dismissedAt: now.toISOString(),
      dismissedBy: input.by,
      dismissReason: reason,
    });
    await db.refused.delete(id);
    return true;
  });
}

/** The dismissed sales, newest first. */
export async function dismissedSales(db: OutboxDb = outboxDb()): Promise<DismissedSale[]> {
  return db.dismissed.orderBy('dismissedAt').reverse().toArray();
}
