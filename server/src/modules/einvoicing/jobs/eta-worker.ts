import type { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { EReceiptStatus, EtaEnvironment, EtaErrorDto } from '@pos/contracts';
import type { SecretsService } from '../../../core/auth/secrets.service';
import type { OutboxService } from '../../../core/outbox/outbox.service';
import { EtaClient, EtaHttpError, etaHosts } from '../eta/eta-client';
import {
  backoffMs,
  BATCH_REJECTED,
  etaWorkerSettings,
  failedBatch,
  PollBackoff,
} from './eta-backoff';

/**
 * What the e-receipt and the e-invoice workers share: one ETA client per environment, the worker
 * settings and the status polls' back-off, a batch's failed POST and the invalid rows' messages.
 * Each keeps its own table, queue marks and status pushes (`setStatus`, `transient`).
 */
/** A row's back-off after a transient failure (the worker's UPDATE of its queue marks). */
export type BackOff = {
  error: string;
  delayMs: number;
  /** clear the mark: ETA did not get the request */
  clearMark: boolean;
  attempts: number;
  /** the worker's clock when the failure is handled */
  now: Date;
};

/** A status change: the status, more of the SET (its parameters from $3) and its parameters. */
export type StatusChange = { status: EReceiptStatus; set: string; params: unknown[] };

type WorkerRow = { id: string; branch_id: string; uuid: string | null; attempts: number };

export abstract class EtaWorker<Row extends WorkerRow> {
  private readonly clients = new Map<string, EtaClient>();
  settings = etaWorkerSettings();
  /** the status polls' back-off while ETA is unreachable */
  protected readonly polls = new PollBackoff(() => this.settings);
  /** the worker's clock: every due time is computed from it (the outage drill simulates it) */
  clock: () => Date = () => new Date();
  protected abstract readonly logger: Logger;
  /** the pushes' `kind` */
  protected abstract readonly kind: 'receipt' | 'invoice';

  constructor(
    protected readonly ds: DataSource,
    protected readonly secrets: SecretsService,
    protected readonly outbox: OutboxService,
  ) {}

  /**
   * Runs a pass holding the session advisory lock `eta:<key>` (one runner at a time); while another
   * runner holds it, the pass is due again after pollMs.
   */
  protected async exclusive(
    key: string,
    pass: () => Promise<number | null>,
  ): Promise<number | null> {
    const qr = this.ds.createQueryRunner();
    await qr.connect();
    try {
      const [{ locked }] = (await qr.query(
        `SELECT pg_try_advisory_lock(hashtext('eta:' || $1)) AS locked`,
        [key],
      )) as { locked: boolean }[];
      if (!locked) return this.settings.pollMs;
      try {
        return await pass();
      } finally {
        await qr.query(`SELECT pg_advisory_unlock(hashtext('eta:' || $1))`, [key]);
      }
    } finally {
      await qr.release();
    }
  }

  /**
   * A submission's status from ETA; 'skip' when ETA did not answer, 'stop' when the polls (of
   * `key`) back off: ETA is unreachable.
   */
  protected async askStatus<S>(
    key: string,
    now: number,
    sid: string,
    ask: () => Promise<S>,
  ): Promise<S | 'skip' | 'stop'> {
    let status: S;
    try {
      status = await ask();
    } catch (e) {
      this.logger.warn(`ETA submission ${sid} status: ${(e as Error).message}`);
      // ETA unreachable: the polls back off like the submissions
      return this.polls.failed(key, now, e) ? 'stop' : 'skip';
    }
    this.polls.answered(key);
    return status;
  }

  protected client(env: EtaEnvironment): EtaClient {
    const hosts = etaHosts(env);
    const key = `${env}:${hosts.api}`;
    let c = this.clients.get(key);
    if (!c) {
      c = new EtaClient(hosts, { timeoutMs: this.settings.timeoutMs });
      this.clients.set(key, c);
    }
    return c;
  }

  /**
   * Sets rows' status (and `set`, its parameters from $3) and answers each row's UUID after it
   * and its number, for the pushes.
   */
  protected abstract writeStatus(
    m: EntityManager,
    rows: Row[],
    change: StatusChange,
  ): Promise<(row: Row) => { uuid: string; number: string }>;

  /** Changes rows' status and pushes einvoice.status for each, in the caller's transaction. */
  protected async setStatus(
    m: EntityManager,
    rows: Row[],
    status: EReceiptStatus,
    set: string,
    params: unknown[] = [],
    deadLetter = false,
  ): Promise<void> {
    if (!rows.length) return;
    const shown = await this.writeStatus(m, rows, { status, set, params });
    await this.outbox.addMany(
      m,
      rows.map((r) => ({
        branchId: r.branch_id,
        type: 'einvoice.status' as const,
        payload: {
          documentId: r.id,
          kind: this.kind,
          status,
          uuid: shown(r).uuid,
          receiptNumber: shown(r).number,
          deadLetter,
        },
      })),
    );
  }

  /** One row's back-off: its error, attempts, next attempt and dead-letter flag. */
  protected abstract backOff(m: EntityManager, row: Row, b: BackOff): Promise<void>;

  /** How a transient failure of `count` rows is logged. */
  protected abstract failureNote(count: number): string;

  /**
   * A transient failure (network, timeout, 429, 5xx): the rows back off exponentially from their
   * attempt count; `counted` adds the attempt a reconciliation look-up made. Past maxAttempts a row
   * is a dead letter (shown as failed) and is still tried once per back-off cap, so it goes by
   * itself when ETA is back.
   */
  protected async transient(
    rows: Row[],
    err: Error,
    clearMark: boolean,
    counted = false,
  ): Promise<void> {
    const retryAfter = err instanceof EtaHttpError ? err.retryAfterMs : null;
    const now = this.clock();
    await this.ds.transaction(async (m) => {
      const attempts = (r: Row) => r.attempts + (counted ? 1 : 0);
      for (const r of rows) {
        const delayMs = backoffMs(attempts(r), this.settings, retryAfter);
        await this.backOff(m, r, {
          error: err.message,
          delayMs,
          clearMark,
          attempts: attempts(r),
          now,
        });
      }
      // the dead-letter flag (and its push) once, when the limit is reached
      const newlyDead = rows.filter((r) => attempts(r) === this.settings.maxAttempts);
      await this.setStatus(m, newlyDead, 'queued', '', [], true);
    });
    this.logger.warn(`${this.failureNote(rows.length)}: ${err.message}`);
  }

  /** The batch's POST failed: rejected as a whole or backed off (`failedBatch`). */
  protected failed(batch: Row[], e: unknown): Promise<boolean> {
    return failedBatch(
      e,
      (errors) =>
        this.ds.transaction((m) => this.setStatus(m, batch, 'rejected', BATCH_REJECTED, [errors])),
      (err, clearMark) => this.transient(batch, err, clearMark),
    );
  }

  /** Rows ETA validated as invalid, each with its messages. */
  protected setInvalid(m: EntityManager, invalid: { row: Row; errors: EtaErrorDto[] }[]) {
    return this.withErrors(m, invalid, 'invalid', 'validated_at = now(), errors = $3::jsonb');
  }

  /** Rows ETA refused in a submission it took (an unknown row is skipped), with its messages. */
  protected setRejected(m: EntityManager, rejected: { row?: Row; errors: EtaErrorDto[] }[]) {
    return this.withErrors(m, rejected, 'rejected', 'errors = $3::jsonb, submit_started_at = NULL');
  }

  private async withErrors(
    m: EntityManager,
    items: { row?: Row; errors: EtaErrorDto[] }[],
    status: EReceiptStatus,
    set: string,
  ): Promise<void> {
    for (const x of items)
      if (x.row) await this.setStatus(m, [x.row], status, set, [JSON.stringify(x.errors)]);
  }
}
