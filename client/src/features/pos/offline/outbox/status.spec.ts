import 'fake-indexeddb/auto';
import type { CreateSaleDto } from '@pos/contracts';
import { newId } from '../../../../shared/lib/ids';
import { OutboxDb } from './db';
import { watchOutboxStatus } from './status';
import { deviceIdentity, enqueueSale, markAttempt, markSent, type OutboxStatus } from './store';

let n = 0;
const freshDb = async () => {
  const db = new OutboxDb(`outbox-status-test-${++n}`);
  await deviceIdentity(db, 'POS 1');
  return db;
};
const dto = (): CreateSaleDto => ({
  id: newId(),
  lines: [{ variantId: newId(), quantity: 1 }],
  payments: [],
});
const queue = (db: OutboxDb, offline = true) =>
  enqueueSale({ dto: dto(), total: 1000, userId: 'u1', offline }, db);

/** Polls until the last status seen matches (no fixed sleeps). */
async function until(seen: OutboxStatus[], check: (s: OutboxStatus) => boolean) {
  for (let i = 0; i < 400; i++) {
    const last = seen[seen.length - 1];
    if (last && check(last)) return last;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`status never matched; last ${JSON.stringify(seen[seen.length - 1])}`);
}

describe("the till's outbox status", () => {
  it('follows every change: a sale queued, one the till waits on, its first try failed, one sent', async () => {
    const db = await freshDb();
    const seen: OutboxStatus[] = [];
    const stop = watchOutboxStatus((s) => seen.push(s), { db, everyMs: 20 });
    try {
      await until(seen, (s) => s.waiting === 0);
      const first = await queue(db);
      await until(seen, (s) => s.waiting === 1 && s.oldestAt === first.rungAt);
      // Rung online, the till waiting on its answer: not waiting yet.
      const direct = await queue(db, false);
      await queue(db);
      await until(seen, (s) => s.waiting === 2);
      // Its first try got no answer (a row changed, the count did not): now it waits too.
      await markAttempt(direct.id, 'offline', { directUntil: 0, offline: true }, db);
      await until(seen, (s) => s.waiting === 3);
      await markSent(first.id, db);
      const last = await until(seen, (s) => s.waiting === 2);
      expect(last.oldestAt).toBe(direct.rungAt);
    } finally {
      stop();
    }
  });

  it('works the status out at most once per period while sales move, the last change included', async () => {
    const db = await freshDb();
    const rows = [];
    for (let i = 0; i < 40; i++) rows.push(await queue(db));
    const seen: OutboxStatus[] = [];
    const stop = watchOutboxStatus((s) => seen.push(s), { db, everyMs: 200 });
    try {
      await until(seen, (s) => s.waiting === 40);
      const started = Date.now();
      for (const row of rows) await markSent(row.id, db);
      const writes = Date.now() - started;
      await until(seen, (s) => s.waiting === 0);
      // 40 writes; the status worked out once per 200 ms of them (and once more for the last).
      expect(seen.length - 1).toBeLessThanOrEqual(Math.ceil(writes / 200) + 2);
      expect(seen.length - 1).toBeLessThan(40);
    } finally {
      stop();
    }
  });

  it('follows a change Dexie does not see (a raw IndexedDB write) within its refresh period', async () => {
    const db = await freshDb();
    await queue(db);
    await queue(db);
    const seen: OutboxStatus[] = [];
    const stop = watchOutboxStatus((s) => seen.push(s), { db, everyMs: 20, refreshMs: 100 });
    try {
      await until(seen, (s) => s.waiting === 2);
      // another connection to the same database empties the queue behind Dexie's back
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(db.name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('queue', 'readwrite');
          tx.objectStore('queue').clear();
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
      await until(seen, (s) => s.waiting === 0);
    } finally {
      stop();
    }
  });
});
