import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { EtaEnvironment, EtaErrorDto } from '@pos/contracts';
import { SecretsService } from '../../../core/auth/secrets.service';
import { OutboxService } from '../../../core/outbox/outbox.service';
import { EtaClient, type PosCredentials } from '../eta/eta-client';
import { EtaWorker, type BackOff, type StatusChange } from './eta-worker';

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
export class EtaSubmissionService extends EtaWorker<Row> {
  protected readonly logger = new Logger('EtaSubmission');
  protected readonly kind = 'receipt';
  private readonly warned = new Set<string>();

  constructor(@InjectDataSource() ds: DataSource, secrets: SecretsService, outbox: OutboxService) {
    super(ds, secrets, outbox);
  }

  private async context(
    serial: string,
  ): Promise<{ client: EtaClient; creds: PosCredentials; batch: number } | null> {
    const [company] = (await this.ds.query(
      'SELECT environment, receipt_batch_size FROM eta_company WHERE id = 1',
    )) as { environment: EtaEnvironment; receipt_batch_size: number }[];
    // A branch's serial, or a till's (issue 32 item 6): a till submits with its branch's
    // e-receipt credentials under its own serial (docs/offline.md: per-POS credentials UNVERIFIED).
    const [b] = (await this.ds.query(
      `SELECT receipt_client_id, receipt_client_secret, receipts_os_version FROM (
         SELECT 0 AS o, b.* FROM branches b WHERE b.receipt_pos_serial = $1
         UNION ALL
         SELECT 1 AS o, b.* FROM pos_devices d JOIN branches b ON b.id = d.branch_id WHERE d.eta_pos_serial = $1
       ) x ORDER BY o, e_receipts_enabled DESC, created_at LIMIT 1`,
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

  protected async writeStatus(
    m: EntityManager,
    rows: Row[],
    { status, set, params }: StatusChange,
  ) {
    await m.query(
      `UPDATE e_receipts SET status = $2, updated_at = now()${set ? `, ${set}` : ''} WHERE id = ANY($1::uuid[])`,
      [rows.map((r) => r.id), status, ...params],
    );
    return (r: Row) => ({ uuid: r.uuid, number: r.receipt_number });
  }

  /** One pass over a serial; returns when it should run again (ms), or null when nothing is left. */
  async processSerial(serial: string): Promise<number | null> {
    return this.exclusive(serial, async () => {
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
    });
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
      return this.failed(batch, e);
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
      await this.setRejected(
        m,
        result.rejected.map((rej) => ({ row: byUuid.get(rej.uuid), errors: rej.errors })),
      );
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

  protected backOff(m: EntityManager, r: Row, b: BackOff): Promise<void> {
    return m.query(
      `UPDATE e_receipts SET last_error = $2, attempts = $5::int, dead_letter = dead_letter OR $5::int >= $7::int,
              next_attempt_at = $6::timestamptz + make_interval(secs => $3::float8 / 1000),
              submit_started_at = CASE WHEN $4 THEN NULL ELSE submit_started_at END, updated_at = now()
        WHERE id = $1`,
      [r.id, b.error, b.delayMs, b.clearMark, b.attempts, b.now, this.settings.maxAttempts],
    );
  }

  protected failureNote(count: number): string {
    return `ETA submission failed (${count} receipt(s))`;
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
      const status = await this.askStatus(serial, now, sid, () =>
        ctx.client.submissionStatus(ctx.creds, sid),
      );
      if (status === 'stop') return;
      if (status === 'skip') continue;
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
        await this.setInvalid(m, invalid);
      });
    }
  }
}
