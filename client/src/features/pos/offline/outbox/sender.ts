import type { CreateSaleDto } from '@pos/contracts';
import { newId } from '../../../../shared/lib/ids';
import { backoffMs } from './classify';
import { outboxDb, type OutboxDb, type SendLease } from './db';
import type { SendResult } from './send';
import { markAttempt, queueHead, settleSent } from './store';

/** The one lock of the device's senders: one tab sends at a time. */
export const SEND_LOCK = 'pos-outbox-send';
const LEASE_MS = 30_000;
/** While another tab sends, or another cashier's sale heads the queue: look again after this. */
const IDLE_CHECK_MS = 15_000;
/** Sales sent in one request (the server takes up to LIMITS.saleBatch). */
export const SEND_BATCH = 20;

export type SenderDeps = {
  db?: OutboxDb;
  /** one try, with the sale's cashier's grant when it has one (issue 32 item 7) */
  post: (dto: CreateSaleDto, grant?: string) => Promise<SendResult>;
  /**
   * Several sales in one request (POST /api/Sales/batch), all under one grant (or none): each
   * one's answer in their order, shorter when the rest were not tried. Without it the sales go one
   * at a time through `post`.
   */
  postBatch?: (dtos: CreateSaleDto[], grant?: string) => Promise<SendResult[]>;
  /** sales per request (SEND_BATCH) */
  batchSize?: number;
  /** the signed-in user: a queued sale without a grant is sent only in its cashier's session */
  userId: () => string | null;
  /** Web Locks; null: none (an insecure context), then a lease in the outbox stands in */
  locks?: LockManager | null;
  now?: () => number;
};

/**
 * Runs `work` as the device's one sender. `wait`: queue behind the tab that holds it (up to
 * `timeoutMs`); otherwise give up at once. Null: not this tab's turn.
 */
export async function withSendLock<T>(
  deps: Pick<SenderDeps, 'db' | 'locks' | 'now'>,
  work: () => Promise<T>,
  options: { wait?: boolean; timeoutMs?: number } = {},
): Promise<T | null> {
  const locks = deps.locks === undefined ? globalThis.navigator?.locks : deps.locks;
  if (locks) {
    const signal = options.wait ? AbortSignal.timeout(options.timeoutMs ?? 5_000) : undefined;
    try {
      return await locks.request(
        SEND_LOCK,
        options.wait ? { signal } : { ifAvailable: true },
        async (lock) => (lock ? work() : null),
      );
    } catch (err) {
      if ((err as Error)?.name === 'AbortError' || (err as Error)?.name === 'TimeoutError')
        return null;
      throw err;
    }
  }
  return withLease(deps.db ?? outboxDb(), deps.now ?? Date.now, work);
}

const tab = newId();
async function withLease<T>(db: OutboxDb, now: () => number, work: () => Promise<T>) {
  const mine = await db.transaction('rw', db.meta, async () => {
    const lease = (await db.meta.get('lease')) as SendLease | undefined;
    if (lease && lease.owner !== tab && lease.until > now()) return false;
    await db.meta.put({ key: 'lease', owner: tab, until: now() + LEASE_MS });
    return true;
  });
  if (!mine) return null;
  try {
    return await work();
  } finally {
    await db.meta.delete('lease');
  }
}

/**
 * Sends the queued sales in the order they were rung as the device's one sender, up to SEND_BATCH
 * of them per request (docs/decisions/0075): the invoice takes a sale off the queue, a refusal
 * moves it to the refused list (the next sales go on), no answer stops the round and the next one
 * comes after a back-off (2 s doubling to 15 s), at once when the browser says it is online
 * again or the live socket reconnects, and right after a new sale. Between requests it yields to
 * the till (a task boundary), so a scan during a long sync is handled at once.
 */
export class OutboxSender {
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly deps: SenderDeps) {}

  private get db() {
    return this.deps.db ?? outboxDb();
  }
  private now() {
    return (this.deps.now ?? Date.now)();
  }

  /** Look at the queue now (`fresh`: the network is back, forget the back-off). */
  wake(fresh = false): void {
    if (fresh) this.failures = 0;
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), ms);
  }

  /** One round (also awaited by tests): sends until the queue is empty or a try gets no answer. */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        const next = await withSendLock(this.deps, () => this.drain());
        // null: another tab holds the lock; look again later in case it goes away.
        if (next !== undefined) this.schedule(next ?? IDLE_CHECK_MS);
      } catch {
        this.failures++;
        this.schedule(backoffMs(this.failures));
      } finally {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.schedule(0);
        }
      }
    })();
    return this.running;
  }

  /** The next look in ms, or undefined when the queue is empty. */
  private async drain(): Promise<number | undefined> {
    const size = this.deps.postBatch ? (this.deps.batchSize ?? SEND_BATCH) : 1;
    for (;;) {
      const head = await queueHead(size, this.db);
      if (!head.length) {
        this.failures = 0;
        return undefined;
      }
      // The till is still waiting on this sale's first answer: its turn comes after.
      if (head[0].directUntil > this.now()) return head[0].directUntil - this.now() + 50;
      if (!head[0].grant && head[0].userId !== this.deps.userId()) return IDLE_CHECK_MS;
      // The batch: the head's sales up to the first one the sender must leave alone, or one of
      // another cashier (a request carries one grant, or the session alone).
      const stop = head.findIndex(
        (row) =>
          row.directUntil > this.now() ||
          row.userId !== head[0].userId ||
          row.grant !== head[0].grant,
      );
      const batch = stop < 0 ? head : head.slice(0, stop);
      const answers = this.deps.postBatch
        ? await this.deps.postBatch(
            batch.map((row) => row.dto),
            batch[0].grant,
          )
        : [await this.deps.post(batch[0].dto, batch[0].grant)];
      const sent: string[] = [];
      const refused: Parameters<typeof settleSent>[1] = [];
      let missed: { id: string; reason: string } | null = null;
      for (const [i, answer] of answers.slice(0, batch.length).entries()) {
        if (answer.verdict === 'sent') sent.push(batch[i].id);
        else if (answer.verdict === 'refused') refused.push({ id: batch[i].id, answer });
        else {
          missed = { id: batch[i].id, reason: answer.reason };
          break;
        }
      }
      if (sent.length || refused.length) await settleSent(sent, refused, this.db);
      if (sent.length) this.failures = 0;
      if (missed || (!sent.length && !refused.length)) {
        await markAttempt(missed?.id ?? batch[0].id, missed?.reason ?? '', {}, this.db);
        this.failures++;
        return backoffMs(this.failures);
      }
      // Let the till's own work (a scan, a payment) run before the next request.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
}
