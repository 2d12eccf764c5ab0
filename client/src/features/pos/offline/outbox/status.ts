import { liveQuery } from 'dexie';
import { outboxDb, type OutboxDb } from './db';
import { outboxStatus, type OutboxStatus } from './store';

/** While sales move, the till's strip is worked out at most this often. */
export const STATUS_EVERY_MS = 500;
/**
 * And at least this often while anything waits: a change Dexie does not see (another tab's raw
 * IndexedDB write, a live query ended by an error) never leaves the strip counting sales that are
 * gone.
 */
export const STATUS_REFRESH_MS = 5_000;

/**
 * Follows the outbox's status for the till's strip. What is watched is cheap (the two tables'
 * counts: any write to either runs it again); the status itself reads every waiting sale, so it is
 * worked out at most every `everyMs` (a first one at once, then the last change's within `everyMs`).
 * Worked out on every write, a sync of a thousand sales read the queue a thousand times
 * (half a million rows) while the till was selling.
 */
export function watchOutboxStatus(
  listener: (status: OutboxStatus) => void,
  {
    db = outboxDb(),
    everyMs = STATUS_EVERY_MS,
    refreshMs = STATUS_REFRESH_MS,
  }: { db?: OutboxDb; everyMs?: number; refreshMs?: number } = {},
): () => void {
  let stopped = false;
  let shown: OutboxStatus | null = null;
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
      shown = status;
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
  let sub: { unsubscribe(): void } | null = null;
  const follow = () => {
    sub = liveQuery(() => Promise.all([db.queue.count(), db.refused.count()])).subscribe({
      next: schedule,
      // an ended live query is started again (it sends its first value at once)
      error: () => {
        if (!stopped) setTimeout(follow, everyMs);
      },
    });
  };
  follow();
  const refresh = setInterval(() => {
    if (shown && (shown.waiting > 0 || shown.refused > 0)) schedule();
  }, refreshMs);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    clearInterval(refresh);
    sub?.unsubscribe();
  };
}
