import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { EReceiptStatus, EtaEnvironment, EtaErrorDto } from '@pos/contracts';
import { SecretsService } from '../../../core/auth/secrets.service';
import { OutboxService } from '../../../core/outbox/outbox.service';
import { EtaClient, EtaHttpError, etaHosts, type PosCredentials } from '../eta/eta-client';
import { backoffMs, etaWorkerSettings, PollBackoff } from './eta-backoff';

export { backoffMs, etaWorkerSettings, type EtaWorkerSettings } from './eta-backoff';

type Row = {
  id: string;
  uuid: string;
  json: string;
  branch_id: string;
  receipt_number: string;
  attempts: number;
  submission_id: string | null;
};

/**
 * Submits one POS serial's queued receipts to ETA and follows them to valid / invalid. Idempotent:
 * a batch is marked (submit_started_at) and committed before the POST, and every accepted UUID is
 * stored 'submitted' with its submission id before any polling; a run that finds marked rows (a
 * crash, a lost response) asks ETA for each UUID first and resubmits only those ETA never got.
 * One runner per serial at a time (a session advisory lock).
 */
@Injectable()
export class EtaSubmissionService {
  private readonly logger = new Logger('EtaSubmission');
  private readonly clients = new Map<string, EtaClient>();
  private readonly warned = new Set<string>();
  settings = etaWorkerSettings();
  /** per serial: the status polls' back-off while ETA is unreachable */
  private readonly polls = new PollBackoff(() => this.settings);
  /** the worker's clock: every due time is computed from it (the outage drill simulates it) */
  clock: () => Date = () => new Date();

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly secrets: SecretsService,
    private readonly outbox: OutboxService,
  ) {}

  private client(env: EtaEnvironment): EtaClient {
    const hosts = etaHosts(env);
    const key = `${env}:${hosts.api}`;
    let c = this.clients.get(key);
    if (!c) {
      c = new EtaClient(hosts, { timeoutMs: this.settings.timeoutMs });
      this.clients.set(key, c);
    }
    return c;
  }

  private async context(
    serial: string,
  ): Promise<{ client: EtaClient; creds: PosCredentials; batch: number } | null> {
    const [company] = (await this.ds.query(
      'SELECT environment, receipt_batch_size FROM eta_company WHERE id = 1',
    )) as { environment: EtaEnvironment; receipt_batch_size: number }[];
    const [b] = (await this.ds.query(
      `SELECT receipt_client_id, receipt_client_secret, receipts_os_version FROM branches
        WHERE receipt_pos_serial = $1 ORDER BY e_receipts_enabled DESC, created_at LIMIT 1`,
      [serial],
    )) as {
      receipt_client_id: string | null;
      receipt_client_secret: string | null;
      receipts_os_version: string | null;
    }[];
    if (!company || !b?.receipt_client_id || !b.receipt_client_secret) return null;
    return {
      client: this.client(company.environment),
      batch: company.receipt_batch_size,
      creds: {
        clientId: b.receipt_client_id,
        clientSecret: this.secrets.decrypt(b.receipt_client_secret),
        posSerial: serial,
        osVersion: b.receipts_os_version ?? 'os',
        presharedKey: b.receipt_client_id,
      },
    };
  }

  /** Changes rows' status and pushes einvoice.status for each, in one transaction. */
  private async setStatus(
    m: EntityManager,
    rows: Row[],
    status: EReceiptStatus,
    set: string,
    params: unknown[] = [],
    deadLetter = false,
  ): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `UPDATE e_receipts SET status = $2, updated_at = now()${set ? `, ${set}` : ''} WHERE id = ANY($1::uuid[])`,
      [rows.map((r) => r.id), status, ...params],
    );
    await this.outbox.addMany(
      m,
      rows.map((r) => ({
        branchId: r.branch_id,
        type: 'einvoice.status' as const,
        payload: {
          documentId: r.id,
          kind: 'receipt' as const,
          status,
          uuid: r.uuid,
          receiptNumber: r.receipt_number,
          deadLetter,
        },
      })),
    );
  }

  /** One pass over a serial; returns when it should run again (ms), or null when nothing is left. */
  async processSerial(serial: string): Promise<number | null> {
    const qr = this.ds.createQueryRunner();
    await qr.connect();
    try {
      const [{ locked }] = (await qr.query(
        `SELECT pg_try_advisory_lock(hashtext('eta:' || $1)) AS locked`,
        [serial],
      )) as { locked: boolean }[];
      if (!locked) return this.settings.pollMs;
      try {
        const ctx = await this.context(serial);
        if (!ctx) {
          // once per serial, not at every sweep
          if (!this.warned.has(serial))
            this.logger.warn(`POS ${serial}: no company info or e-receipt credentials; waiting`);
          this.warned.add(serial);
          return null;
        }
        this.warned.delete(serial);
        await this.reconcile(serial, ctx);
        for (;;) {
          const more = await this.submitBatch(serial, ctx);
          if (!more) break;
        }
        await this.poll(serial, ctx);
        return this.nextRun(serial);
      } finally {
        await qr.query(`SELECT pg_advisory_unlock(hashtext('eta:' || $1))`, [serial]);
      }
    } finally {
      await qr.release();
    }
  }

  /**
   * When the serial's next pass is due: its earliest queued receipt (dead letters included: they
   * are tried again at the back-off cap) or, while receipts are validating, the next status poll.
   */
  private async nextRun(serial: string): Promise<number | null> {
    // receipts behind a held one (marked, or waiting for its retry) go when it goes: the wait is
    // the earliest due time up to the first held receipt, not a later receipt's (already past) one
    const [r] = (await this.ds.query(
      `WITH q AS (SELECT status, chain_seq, next_attempt_at, submit_started_at FROM e_receipts
                   WHERE pos_serial = $1 AND status IN ('queued', 'submitted')),
            held AS (SELECT min(chain_seq) AS seq FROM q
                      WHERE status = 'queued' AND (submit_started_at IS NOT NULL OR next_attempt_at > $2::timestamptz))
       SELECT bool_or(status = 'submitted') AS polling,
              min(next_attempt_at) FILTER (
                WHERE status = 'queued' AND chain_seq <= COALESCE((SELECT seq FROM held), chain_seq)) AS next
         FROM q`,
      [serial, this.clock()],
    )) as { polling: boolean | null; next: Date | null }[];
    const now = this.clock().getTime();
    const wait = r?.next ? Math.max(0, new Date(r.next).getTime() - now) : null;
    if (r?.polling) {
      const poll = this.polls.next(serial, now);
      return wait === null ? poll : Math.min(wait, poll);
    }
    return wait;
  }

  /**
   * Marked rows (a crash or a lost response): ask ETA for each UUID before any resubmission. A UUID
   * ETA does not know yet is resubmitted only once its POST is older than the request timeout: a
   * server restarted quickly may ask while ETA is still storing the batch the dead process sent.
   */
  private async reconcile(serial: string, ctx: { client: EtaClient; creds: PosCredentials }) {
    const rows = (await this.ds.query(
      `SELECT id, uuid, json, branch_id, receipt_number, attempts, submission_id,
              submit_started_at > $3::timestamptz - make_interval(secs => $2::float8 / 1000) AS recent
         FROM e_receipts
        WHERE pos_serial = $1 AND status = 'queued' AND submit_started_at IS NOT NULL
          AND next_attempt_at <= $3::timestamptz ORDER BY chain_seq`,
      [serial, this.settings.timeoutMs, this.clock()],
    )) as (Row & { recent: boolean })[];
    for (const r of rows) {
      let found: { submissionId: string } | null;
      try {
        found = await ctx.client.receiptByUuid(ctx.creds, r.uuid);
      } catch (e) {
        // the look-up is an attempt too: every marked receipt of the serial backs off with it
        // (one request per back-off step, not one per receipt)
        await this.transient(rows, e as Error, false, true);
        return;
      }
      if (!found && r.recent) {
        // maybe still in ETA's hands: ask again when the POST has timed out for sure
        await this.ds.query(
          `UPDATE e_receipts SET next_attempt_at = submit_started_at + make_interval(secs => $2::float8 / 1000)
            WHERE id = $1`,
          [r.id, this.settings.timeoutMs],
        );
        continue;
      }
      await this.ds.transaction(async (m) => {
        if (found)
          await this.setStatus(
            m,
            [r],
            'submitted',
            `submission_id = $3, submitted_at = now(), submit_started_at = NULL, last_error = NULL,
             dead_letter = false`,
            [found.submissionId],
          );
        else await m.query('UPDATE e_receipts SET submit_started_at = NULL WHERE id = $1', [r.id]);
      });
    }
  }

  /** Submits the next batch; true when another batch may be ready. */
  private async submitBatch(
    serial: string,
    ctx: { client: EtaClient; creds: PosCredentials; batch: number },
  ): Promise<boolean> {
    // the batch is marked (and committed) before the POST: a crash from here on is reconciled.
    // Never past a receipt still held (marked, or waiting for its retry, a dead letter included:
    // it is tried again at the back-off cap): ETA takes a receipt only after the one its
    // previousUUID names, so while ETA is unreachable only the head of the chain costs requests.
    const rows = (await this.ds.query(
      `UPDATE e_receipts SET submit_started_at = $3::timestamptz, attempts = attempts + 1, updated_at = now()
        WHERE id IN (SELECT id FROM e_receipts
                      WHERE pos_serial = $1 AND status = 'queued'
                        AND submit_started_at IS NULL AND next_attempt_at <= $3::timestamptz
                        AND chain_seq < COALESCE(
                              (SELECT min(h.chain_seq) FROM e_receipts h
                                WHERE h.pos_serial = $1 AND h.status = 'queued'
                                  AND (h.submit_started_at IS NOT NULL OR h.next_attempt_at > $3::timestamptz)),
                              chain_seq + 1)
                      ORDER BY chain_seq LIMIT $2)
        RETURNING id, uuid, json, branch_id, receipt_number, attempts, submission_id, chain_seq`,
      [serial, ctx.batch, this.clock()],
    )) as (Row & { chain_seq: number })[][] | (Row & { chain_seq: number })[];
    const batch = (Array.isArray(rows[0]) ? rows[0] : rows) as (Row & { chain_seq: number })[];
    batch.sort((a, b) => a.chain_seq - b.chain_seq);
    if (!batch.length) return false;
    let result;
    try {
      result = await ctx.client.submitReceipts(
        ctx.creds,
        batch.map((r) => r.json),
      );
    } catch (e) {
      const err = e as Error;
      if (err instanceof EtaHttpError && err.kind === 'validation') {
        await this.ds.transaction((m) =>
          this.setStatus(
            m,
            batch,
            'rejected',
            'errors = $3::jsonb, submit_started_at = NULL, last_error = NULL',
            [
              JSON.stringify(
                err.errors.length
                  ? err.errors
                  : [{ code: String(err.status), message: err.message }],
              ),
            ],
          ),
        );
        return true;
      }
      // a network error may have reached ETA: keep the mark, reconcile by UUID next time;
      // 429 / 5xx were not processed: clear it
      const reached = !(err instanceof EtaHttpError) || err.status === 0;
      await this.transient(batch, err, !reached);
      return false;
    }
    const byUuid = new Map<string, Row>(batch.map((r) => [r.uuid, r]));
    await this.ds.transaction(async (m) => {
      const accepted = result.accepted.map((a) => byUuid.get(a.uuid)).filter((r): r is Row => !!r);
      await this.setStatus(
        m,
        accepted,
        'submitted',
        `submission_id = $3, submitted_at = now(), submit_started_at = NULL, last_error = NULL,
         dead_letter = false`,
        [result.submissionId],
      );
      for (const rej of result.rejected) {
        const r = byUuid.get(rej.uuid);
        if (r)
          await this.setStatus(m, [r], 'rejected', 'errors = $3::jsonb, submit_started_at = NULL', [
            JSON.stringify(rej.errors),
          ]);
      }
      // anything ETA did not mention goes back to the queue
      const mentioned = new Set([...result.accepted, ...result.rejected].map((x) => x.uuid));
      const rest = batch.filter((r) => !mentioned.has(r.uuid)).map((r) => r.id);
      if (rest.length)
        await m.query('UPDATE e_receipts SET submit_started_at = NULL WHERE id = ANY($1::uuid[])', [
          rest,
        ]);
    });
    return true;
  }

  /**
   * A transient failure (network, timeout, 429, 5xx): the rows back off exponentially from their
   * attempt count; `counted` adds the attempt a reconciliation look-up made. Past maxAttempts a row
   * is a dead letter (shown as failed) and is still tried once per back-off cap, so it goes by
   * itself when ETA is back.
   */
  private async transient(
    rows: Row[],
    err: Error,
    clearMark: boolean,
    counted = false,
  ): Promise<void> {
    const retryAfter = err instanceof EtaHttpError ? err.retryAfterMs : null;
    const now = this.clock();
    await this.ds.transaction(async (m) => {
      const attempts = (r: Row) => r.attempts + (counted ? 1 : 0);
      for (const r of rows)
        await m.query(
          `UPDATE e_receipts SET last_error = $2, attempts = $5::int, dead_letter = dead_letter OR $5::int >= $7::int,
                  next_attempt_at = $6::timestamptz + make_interval(secs => $3::float8 / 1000),
                  submit_started_at = CASE WHEN $4 THEN NULL ELSE submit_started_at END, updated_at = now()
            WHERE id = $1`,
          [
            r.id,
            err.message,
            backoffMs(attempts(r), this.settings, retryAfter),
            clearMark,
            attempts(r),
            now,
            this.settings.maxAttempts,
          ],
        );
      // the dead-letter flag (and its push) once, when the limit is reached
      const newlyDead = rows.filter((r) => attempts(r) === this.settings.maxAttempts);
      await this.setStatus(m, newlyDead, 'queued', '', [], true);
    });
    this.logger.warn(`ETA submission failed (${rows.length} receipt(s)): ${err.message}`);
  }

  private async poll(serial: string, ctx: { client: EtaClient; creds: PosCredentials }) {
    const subs = (await this.ds.query(
      `SELECT DISTINCT submission_id FROM e_receipts
        WHERE pos_serial = $1 AND status = 'submitted' AND submission_id IS NOT NULL`,
      [serial],
    )) as { submission_id: string }[];
    const now = this.clock().getTime();
    if (!this.polls.due(serial, now)) return;
    for (const { submission_id: sid } of subs) {
      let status;
      try {
        status = await ctx.client.submissionStatus(ctx.creds, sid);
      } catch (e) {
        this.logger.warn(`ETA submission ${sid} status: ${(e as Error).message}`);
        // ETA unreachable: the polls back off like the submissions
        if (this.polls.failed(serial, now, e)) return;
        continue;
      }
      this.polls.answered(serial);
      const rows = (await this.ds.query(
        `SELECT id, uuid, json, branch_id, receipt_number, attempts, submission_id FROM e_receipts
          WHERE submission_id = $1 AND status = 'submitted'`,
        [sid],
      )) as Row[];
      const byUuid = new Map(rows.map((r) => [r.uuid, r]));
      const valid: Row[] = [];
      const invalid: { row: Row; errors: EtaErrorDto[] }[] = [];
      for (const r of status.receipts) {
        const row = byUuid.get(r.uuid);
        if (!row) continue;
        const s = r.status.toLowerCase();
        if (s === 'valid') valid.push(row);
        else if (s === 'invalid') invalid.push({ row, errors: r.errors });
      }
      await this.ds.transaction(async (m) => {
        await this.setStatus(m, valid, 'valid', 'validated_at = now()');
        for (const x of invalid)
          await this.setStatus(m, [x.row], 'invalid', 'validated_at = now(), errors = $3::jsonb', [
            JSON.stringify(x.errors),
          ]);
      });
    }
  }
}
