import type { EntityManager } from 'typeorm';
import type { BalanceChange } from './stock-ledger.service';
import type { CommandTransaction } from '../../../core/cqrs/command-transaction';
import type { OutboxEvent, OutboxService } from '../../../core/outbox/outbox.service';

/**
 * The live events for stock that moved: one `stock.changed` per balance, and `stock.low` for each
 * branch whose low-stock list changed (a variant crossed its threshold either way). The caller
 * writes them with its other events in one statement.
 */
export async function stockEvents(
  m: EntityManager,
  changes: BalanceChange[],
): Promise<OutboxEvent[]> {
  const crossed = new Map<string, string[]>();
  const events: OutboxEvent[] = [];
  for (const c of changes) {
    events.push({
      branchId: c.branchId,
      type: 'stock.changed',
      payload: {
        variantId: c.variantId,
        inventoryId: c.inventoryId,
        onHand: c.onHand,
        reserved: c.reserved,
      },
    });
    if (c.crossedIntoLow || c.crossedOutOfLow)
      crossed.set(c.branchId, [...(crossed.get(c.branchId) ?? []), c.variantId]);
  }
  for (const [branchId, variantIds] of crossed) {
    const [{ count }] = await m.query(
      `SELECT count(*)::int AS count FROM stock_levels s JOIN inventories i ON i.id = s.inventory_id
         JOIN variants v ON v.id = s.variant_id JOIN products p ON p.id = v.product_id
        WHERE i.branch_id = $1 AND v.low_stock_threshold > 0 AND s.on_hand <= v.low_stock_threshold AND v.active AND p.active`,
      [branchId],
    );
    events.push({ branchId, type: 'stock.low', payload: { count, variantIds } });
  }
  return events;
}

/** Writes the stock events of these changes on their own (commands with no other events). */
export async function writeStockEvents(
  m: EntityManager,
  outbox: OutboxService,
  changes: BalanceChange[],
): Promise<void> {
  if (!changes.length) return;
  await outbox.addMany(m, await stockEvents(m, changes));
}

/** Queues the stock events of these changes on the command's transaction. */
export async function pushStockEvents(
  tx: CommandTransaction,
  changes: BalanceChange[],
): Promise<void> {
  if (!changes.length) return;
  tx.pushAll(await stockEvents(tx.m, changes));
}
