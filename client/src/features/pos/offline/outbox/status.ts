import { liveQuery } from 'dexie';
import { outboxDb, type OutboxDb } from './db';
import { outboxStatus, type OutboxStatus } from './store';

/** While sales move, the till's strip is worked out at most this often. */
export const STATUS_EVERY_MS = 500;

/**
 * Follows the outbox's status for the till's strip. What is watched is cheap (the two tables'
 * counts: any write to either runs it again); the status itself reads every waiting sale, so it is
 * worked out at most every `everyMs` (a first one at once, then the last change's within `everyMs`).
 * Worked out on every write, a sync of a thousand sales read the queue a thousand times
 * (half a million rows) while the till was selling.
 */
export function watchOutboxStatus(
  listener: (status: OutboxStatus) => void,
  { db = outboxDb(), everyMs = STATUS_EVERY_MS }: { db?: OutboxDb; everyMs?: number } = {},
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let busy = false;
  let dirty = false;
  let last = -Infinity;
  const run = async () => {
    timer = null;
    if (busy) {
      dirty = true;
      return;
    }
    busy = true;
    dirty = false;
    last = Date.now();
    try {
      const status = await outboxStatus(db);
      if (!stopped) listener(status);
    } catch {
      // the next change tries again
    } finally {
      busy = false;
      if (dirty) schedule();
    }
  };
  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => void run(), Math.max(0, last + everyMs - Date.now()));
  };
  const sub = liveQuery(() => Promise.all([db.queue.count(), db.refused.count()])).subscribe({
    next: schedule,
    error: () => undefined,
  });
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    sub.unsubscribe();
  };
}
