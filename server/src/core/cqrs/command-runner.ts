import { HttpStatus, Injectable, Logger, Optional } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { RequestMeta } from '../auth/decorators';
import { AuditService } from '../audit/audit.service';
import { AppException } from '../errors/app.exception';
import type { IdempotencyMeta } from '../http/idempotency';
import { countRetriedCommand } from '../http/metrics';
import { SessionCache } from '../auth/session-cache';
import { OutboxService } from '../outbox/outbox.service';
import { OutboxWakeup } from '../outbox/outbox-wakeup';
import { CommandTransaction } from './command-transaction';
import { DomainEventSubscribers } from './domain-event-subscribers';

/** Set while a command's work runs: a command started inside another leaves the key to the outer one. */
const insideCommand = new AsyncLocalStorage<true>();

/** A batch of commands in one transaction (CommandRunner.batch). */
type BatchScope = { m: EntityManager; savepoints: number; committed: (() => void)[] };
const inBatch = new AsyncLocalStorage<BatchScope>();

/** PostgreSQL's deadlock victim and serialization failure: the transaction may simply run again. */
const RETRIED_CODES = new Set(['40P01', '40001']);
const TRIES = 3;

/** Audited entities whose change can change what a session resolves to. */
const AUTH_ENTITIES = new Set(['user', 'role', 'feature', 'session']);

/**
 * The one transactional shape of every command: open a transaction, let the handler work with a
 * CommandTransaction, then write its audit rows and outbox events once (one statement when there
 * is a single audit row, the common case) with the same EntityManager, and commit.
 */
@Injectable()
export class CommandRunner {
  private readonly log = new Logger('CommandRunner');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly subscribers: DomainEventSubscribers,
    @Optional() private readonly sessions?: SessionCache,
    @Optional() private readonly wakeup?: OutboxWakeup,
  ) {}

  /**
   * The command's transaction, run again from the start when PostgreSQL chose it as a deadlock's
   * victim or refused it as a serialization failure (up to TRIES times, a few ms apart): it was
   * rolled back whole (its idempotency claim too), so running it again is safe, and the other
   * transaction has finished by then. The cashier gets the answer instead of a 500; the log keeps
   * the deadlock (a lock order to fix). docs/decisions/0112.
   */
  private async retried<R>(body: (m: EntityManager) => Promise<R>): Promise<R> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.ds.transaction(body);
      } catch (error) {
        const code =
          (error as { driverError?: { code?: string } }).driverError?.code ??
          (error as { code?: string }).code;
        if (attempt >= TRIES || !RETRIED_CODES.has(code ?? '')) throw error;
        this.log.warn(`${code} (try ${attempt} of ${TRIES}): ${(error as Error).message}`);
        countRetriedCommand();
        await new Promise((resolve) => setTimeout(resolve, attempt * (5 + Math.random() * 20)));
      }
    }
  }

  /**
   * For reads outside the command's transaction (an idempotent retry's look-up). Inside a batch
   * (CommandRunner.batch) the batch's own transaction: it sees what the batch made so far, and a
   * look-up never waits for a second pool connection while the batch holds one (the batches a
   * retry's duplicates hold would otherwise take them all).
   */
  get manager(): EntityManager {
    return inBatch.getStore()?.m ?? this.ds.manager;
  }

  async run<R>(meta: RequestMeta, work: (tx: CommandTransaction) => Promise<R>): Promise<R> {
    // The request's Idempotency-Key is the outer command's: a nested command (started inside
    // another's work) and a second command of the same request (once the first has committed
    // under the key) run without it.
    const idem = this.keyed(meta) ? meta.idempotency! : null;
    let touchesAuth = false;
    let published = false;
    const body = async (m: EntityManager): Promise<R> => {
      if (idem) {
        const seen = await claimKey(m, idem, meta.userId);
        // The same request again (a retry, a double click, or one that waited on the first):
        // the first one's result, and nothing runs.
        if (seen) return seen.result as R;
      }
      const tx = new CommandTransaction(m, meta, (event, t) => this.subscribers.dispatch(event, t));
      const out = await work(tx);
      if (idem) {
        const stored = JSON.stringify({ result: out ?? null });
        tx.write(
          (bind) =>
            `UPDATE idempotency_keys SET result = ${bind(stored)}::json WHERE key = ${bind(idem.key)}::uuid`,
        );
      }
      await this.flush(tx);
      touchesAuth = tx.audits.some((a) => AUTH_ENTITIES.has(a.entity));
      published = tx.events.length > 0 || tx.derived.length > 0;
      return out;
    };
    const batch = insideCommand.getStore() ? undefined : inBatch.getStore();
    const result = await insideCommand.run(true, () =>
      batch ? this.inSavepoint(batch, body) : this.retried(body),
    );
    if (idem) idem.used = true;
    const committed = () => {
      // The relay is woken after the commit, not by a NOTIFY inside the transaction (see OutboxWakeup).
      if (published) this.wakeup?.committed();
      // A user, role or feature changed: this instance's cached sessions go now (the others on the
      // commit's notification, core/auth/session-cache.ts).
      if (touchesAuth) this.sessions?.invalidate();
    };
    if (batch) batch.committed.push(committed);
    else committed();
    return result;
  }

  /**
   * Runs `work` — commands, one after the other — in one transaction (a till's queued sales,
   * POST /api/Sales/batch: docs/decisions/0084): each command in a savepoint of it, so a command
   * that fails is undone alone and the next one goes on, and the whole is committed once (one WAL
   * flush instead of one per command). What a command does after its commit runs after this one.
   * If the commit fails nothing of it is made (the caller answers as for no answer).
   */
  async batch<R>(work: () => Promise<R>): Promise<R> {
    const scope: BatchScope = { m: null!, savepoints: 0, committed: [] };
    const result = await this.ds.transaction((m) => {
      scope.m = m;
      return inBatch.run(scope, work);
    });
    for (const done of scope.committed) done();
    return result;
  }

  private async inSavepoint<R>(batch: BatchScope, body: (m: EntityManager) => Promise<R>) {
    const name = `command_${++batch.savepoints}`;
    await batch.m.query(`SAVEPOINT ${name}`);
    try {
      const out = await body(batch.m);
      await batch.m.query(`RELEASE SAVEPOINT ${name}`);
      return out;
    } catch (error) {
      // (a connection gone fails this too: the batch's commit then fails, and nothing is made)
      await batch.m.query(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Whether this request's Idempotency-Key decides the command (CommandRunner.run takes it). A
   * handler that looks for its own client id before the transaction (a retry answered without
   * running) leaves that to the key when there is one: between its look-up and the transaction a
   * concurrent duplicate could commit, and the key makes it wait and answer the first result.
   */
  keyed(meta: RequestMeta): boolean {
    return !!meta.idempotency && !meta.idempotency.used && !insideCommand.getStore();
  }

  /**
   * The result a command committed before under this request's Idempotency-Key (the same request
   * again), or null (no key, or nothing committed under it yet); a 409 when the key was taken by
   * another request. For a command that checks its input against the database before its
   * transaction (the product import): a retry those checks refuse because of the first run's own
   * writes (its serials now in stock) answers the first result instead, as the key promises.
   */
  async replay(meta: RequestMeta): Promise<{ result: unknown } | null> {
    if (!this.keyed(meta)) return null;
    const idem = meta.idempotency!;
    const [row] = await this.manager.query(
      'SELECT request_hash, result FROM idempotency_keys WHERE key = $1',
      [idem.key],
    );
    if (!row?.result) return null;
    if (row.request_hash !== idem.hash)
      throw new AppException('IDEMPOTENCY_KEY_REUSED', HttpStatus.CONFLICT);
    return { result: (row.result as { result: unknown }).result };
  }

  private async flush(tx: CommandTransaction): Promise<void> {
    const [first, ...rest] = tx.audits;
    for (const entry of rest) await this.audit.record(tx.m, tx.meta, entry);
    if (!tx.events.length && !tx.derived.length) {
      // Nothing to publish: the queued writes and the audit row as plain statements (no NOTIFY).
      for (const write of tx.writes) {
        const params: unknown[] = [];
        await tx.m.query(
          write((value) => {
            params.push(value);
            return `$${params.length}`;
          }),
          params,
        );
      }
      if (first) await this.audit.record(tx.m, tx.meta, first);
      return;
    }
    await this.outbox.addMany(tx.m, tx.events, {
      derived: tx.derived,
      writes: tx.writes,
      audit: first ? this.audit.values(tx.meta, first) : undefined,
      notify: !this.wakeup,
    });
  }
}

/**
 * Takes the key for this transaction, or finds the request that took it. The insert of a key
 * another transaction has just inserted waits for that one to end: after its commit the key is
 * found here with its result, after its rollback this insert goes through and the work runs.
 * The same key with another request (user, route, parameters or body) is a 409.
 */
async function claimKey(
  m: EntityManager,
  idem: IdempotencyMeta,
  userId: string | null,
): Promise<{ result: unknown } | null> {
  const inserted: unknown[] = await m.query(
    `INSERT INTO idempotency_keys (key, user_id, scope, request_hash)
     VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING RETURNING key`,
    [idem.key, userId, idem.scope, idem.hash],
  );
  if (inserted.length) return null;
  const [row] = await m.query('SELECT request_hash, result FROM idempotency_keys WHERE key = $1', [
    idem.key,
  ]);
  if (!row || row.request_hash !== idem.hash || !row.result)
    throw new AppException('IDEMPOTENCY_KEY_REUSED', HttpStatus.CONFLICT);
  return { result: (row.result as { result: unknown }).result };
}

/**
 * The request's Idempotency-Key was used before for another request (409): a handler that also
 * answers a retry by its document's own id must not answer this one with that document.
 */
export function keyReused(error: unknown): boolean {
  return error instanceof AppException && error.code === 'IDEMPOTENCY_KEY_REUSED';
}
