import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  etaCanonicalize,
  withEtaSignature,
  type EtaEnvironment,
  type EtaErrorDto,
} from '@pos/contracts';
import { SecretsService } from '../../../core/auth/secrets.service';
import { OutboxService } from '../../../core/outbox/outbox.service';
import { EtaClient, EtaHttpError, type ErpCredentials } from '../eta/eta-client';
import type { Signer } from '../eta/signer';
import { signerFromCompany, type SignerRow } from '../eta/signer-factory';
import { EtaWorker, type BackOff, type StatusChange } from './eta-worker';

/** The NOTIFY payload (on the receipts' channel) that wakes the e-invoice worker. */
export const ETA_DOCUMENTS_WAKE = '#documents';

/** Documents per submission (ETA's limit is UNVERIFIED: FACTS §1.5 suggests ≤ 100). */
export const etaDocumentChunk = (env: NodeJS.ProcessEnv = process.env) =>
  Math.min(100, Math.max(1, Number(env.ETA_DOCUMENT_CHUNK ?? 50)));

type Row = {
  id: string;
  branch_id: string;
  internal_id: string;
  uuid: string | null;
  attempts: number;
  signed_json: string | null;
  submit_started_at: Date | null;
};
/** The documents' key in the polls' back-off (one worker for all documents). */
const POLLS = 'documents';

type Ctx = { client: EtaClient; creds: ErpCredentials; signer: Signer | null };

/**
 * Signs, submits and follows the e-invoices to valid / invalid, and sends cancel / reject requests.
 * Idempotent like the receipts: a document is signed and its signed text committed first; a chunk
 * is marked (submit_started_at) and committed before the POST; every accepted UUID is stored with
 * its submission before polling. A run that finds marked documents asks ETA (documents/search by
 * submission date, matched on internalID) before resubmitting, so an internal id never goes twice.
 * One runner at a time (a session advisory lock).
 */
@Injectable()
export class EtaDocumentService extends EtaWorker<Row> {
  protected readonly logger = new Logger('EtaDocuments');
  protected readonly kind = 'invoice';
  chunk = etaDocumentChunk();

  constructor(@InjectDataSource() ds: DataSource, secrets: SecretsService, outbox: OutboxService) {
    super(ds, secrets, outbox);
  }

  private async context(): Promise<Ctx | null> {
    const [c] = (await this.ds.query('SELECT * FROM eta_company WHERE id = 1')) as (SignerRow & {
      environment: EtaEnvironment;
      erp_client_id: string | null;
      erp_client_secret: string | null;
    })[];
    if (!c?.erp_client_id || !c.erp_client_secret) return null;
    let signer: Signer | null = null;
    try {
      signer = signerFromCompany(c, (s) => this.secrets.decrypt(s));
    } catch (e) {
      this.logger.warn(`e-invoice signer: ${(e as Error).message}`);
    }
    return {
      client: this.client(c.environment),
      creds: { clientId: c.erp_client_id, clientSecret: this.secrets.decrypt(c.erp_client_secret) },
      signer,
    };
  }

  protected async writeStatus(
    m: EntityManager,
    rows: Row[],
    { status, set, params }: StatusChange,
  ) {
    const updated = (await m.query(
      `UPDATE e_documents SET status = $2, updated_at = now()${set ? `, ${set}` : ''}
        WHERE id = ANY($1::uuid[]) RETURNING id, uuid`,
      [rows.map((r) => r.id), status, ...params],
    )) as [{ id: string; uuid: string | null }[], number] | { id: string; uuid: string | null }[];
    const list = (Array.isArray(updated[0]) ? updated[0] : updated) as {
      id: string;
      uuid: string | null;
    }[];
    const uuidOf = new Map(list.map((u) => [u.id, u.uuid]));
    return (r: Row) => ({ uuid: uuidOf.get(r.id) ?? r.uuid ?? '', number: r.internal_id });
  }

  /** One pass; returns when it should run again (ms), or null when nothing is left. */
  async process(): Promise<number | null> {
    return this.exclusive('documents', async () => {
      const ctx = await this.context();
      if (!ctx) return null;
      await this.stateChanges(ctx);
      await this.reconcile(ctx);
      await this.sign(ctx);
      while (await this.submitChunk(ctx));
      await this.poll(ctx);
      return this.nextRun();
    });
  }

  private async nextRun(): Promise<number | null> {
    const [r] = (await this.ds.query(
      `SELECT bool_or(status = 'submitted' OR (state_request IS NOT NULL AND state_error IS NULL)) AS polling,
              min(next_attempt_at) FILTER (WHERE status = 'queued') AS next
         FROM e_documents
        WHERE status IN ('queued', 'submitted') OR state_request IS NOT NULL`,
    )) as { polling: boolean | null; next: Date | null }[];
    const now = Date.now();
    const wait = r?.next ? Math.max(0, new Date(r.next).getTime() - now) : null;
    if (r?.polling) {
      const poll = this.polls.next(POLLS, now);
      return wait === null ? poll : Math.min(wait, poll);
    }
    return wait;
  }

  private rows(where: string, params: unknown[] = []): Promise<Row[]> {
    return this.ds.query(
      `SELECT id, branch_id, internal_id, uuid, attempts, signed_json, submit_started_at
         FROM e_documents WHERE ${where}`,
      params,
    ) as Promise<Row[]>;
  }

  /** Cancel / reject requests: PUT documents/state/{uuid}/state. */
  private async stateChanges(ctx: Ctx) {
    const rows = (await this.ds.query(
      `SELECT id, branch_id, internal_id, uuid, attempts, signed_json, submit_started_at,
              state_request, state_reason
         FROM e_documents WHERE state_request IS NOT NULL AND status = 'valid' AND uuid IS NOT NULL`,
    )) as (Row & { state_request: 'cancelled' | 'rejected'; state_reason: string })[];
    for (const r of rows) {
      try {
        await ctx.client.setDocumentState(ctx.creds, r.uuid!, r.state_request, r.state_reason);
      } catch (e) {
        const err = e as Error;
        if (err instanceof EtaHttpError && ['validation', 'not_found'].includes(err.kind)) {
          await this.ds.transaction((m) =>
            this.setStatus(m, [r], 'valid', 'state_request = NULL, state_error = $3', [
              err.errors[0]?.message ?? err.message,
            ]),
          );
        } else this.logger.warn(`ETA state change of ${r.internal_id}: ${err.message}`);
        continue;
      }
      await this.ds.transaction((m) =>
        this.setStatus(m, [r], r.state_request, 'state_request = NULL, state_error = NULL'),
      );
    }
  }

  /**
   * Marked documents (a crash, a lost answer): does ETA hold them? Only the others go again, and
   * only once their POST is older than the request timeout.
   */
  private async reconcile(ctx: Ctx) {
    const rows = await this.rows(
      `status = 'queued' AND submit_started_at IS NOT NULL AND next_attempt_at <= now()
       ORDER BY internal_id`,
    );
    if (!rows.length) return;
    const from = new Date(
      Math.min(...rows.map((r) => new Date(r.submit_started_at!).getTime())) - 300_000,
    );
    let held;
    try {
      held = await ctx.client.searchDocuments(ctx.creds, from, new Date(Date.now() + 60_000));
    } catch (e) {
      // the look-up is an attempt too (counted, backed off): ETA unreachable does not spin here
      await this.transient(rows, e as Error, false, true);
      return;
    }
    const byInternal = new Map(held.map((d) => [d.internalId, d]));
    await this.ds.transaction(async (m) => {
      for (const r of rows) {
        const found = byInternal.get(r.internal_id);
        if (found)
          await this.setStatus(
            m,
            [r],
            'submitted',
            `uuid = $3, long_id = $4, submission_id = $5, submitted_at = now(), submit_started_at = NULL,
             last_error = NULL, dead_letter = false`,
            [found.uuid, found.longId, found.submissionUUID],
          );
        else
          // not at ETA (yet): resent once its POST has timed out for sure; a server restarted
          // quickly may ask while ETA is still storing what the dead process sent
          await m.query(
            `UPDATE e_documents
                SET submit_started_at = CASE WHEN submit_started_at > now() - $2::float8 * interval '1 ms'
                                             THEN submit_started_at END,
                    next_attempt_at = CASE WHEN submit_started_at > now() - $2::float8 * interval '1 ms'
                                           THEN submit_started_at + $2::float8 * interval '1 ms'
                                           ELSE next_attempt_at END
              WHERE id = $1`,
            [r.id, this.settings.timeoutMs],
          );
      }
    });
  }

  /** Signs the queued documents not signed yet; the signed text is what is sent, every time. */
  private async sign(ctx: Ctx) {
    const rows = (await this.ds.query(
      `SELECT id, json FROM e_documents
        WHERE status = 'queued' AND signed_json IS NULL AND NOT dead_letter AND next_attempt_at <= now()
        ORDER BY internal_id LIMIT 200`,
    )) as { id: string; json: string }[];
    for (const r of rows) {
      if (!ctx.signer) {
        // looked at again in a minute (or at once when the signer is saved and a document queued)
        await this.ds.query(
          `UPDATE e_documents SET last_error = 'no e-invoice signer configured', updated_at = now(),
                  next_attempt_at = now() + interval '60 seconds' WHERE id = $1`,
          [r.id],
        );
        continue;
      }
      let signed: string;
      try {
        signed = withEtaSignature(r.json, await ctx.signer.sign(etaCanonicalize(r.json)));
      } catch (e) {
        await this.ds.query(
          `UPDATE e_documents SET last_error = $2, updated_at = now(),
                  next_attempt_at = now() + make_interval(secs => $3::float8 / 1000) WHERE id = $1`,
          [r.id, `signing: ${(e as Error).message}`, Math.max(this.settings.retryBaseMs, 30_000)],
        );
        continue;
      }
      await this.ds.query(
        'UPDATE e_documents SET signed_json = $2, updated_at = now() WHERE id = $1 AND signed_json IS NULL',
        [r.id, signed],
      );
    }
  }

  /** Submits the next chunk; true when another may be ready. */
  private async submitChunk(ctx: Ctx): Promise<boolean> {
    const marked = (await this.ds.query(
      `UPDATE e_documents SET submit_started_at = now(), attempts = attempts + 1, updated_at = now()
        WHERE id IN (SELECT id FROM e_documents
                      WHERE status = 'queued' AND signed_json IS NOT NULL
                        AND submit_started_at IS NULL AND next_attempt_at <= now()
                      ORDER BY internal_id LIMIT $1)
        RETURNING id, branch_id, internal_id, uuid, attempts, signed_json, submit_started_at`,
      [this.chunk],
    )) as [Row[], number] | Row[];
    const batch = (Array.isArray(marked[0]) ? marked[0] : marked) as Row[];
    if (!batch.length) return false;
    batch.sort((a, b) => a.internal_id.localeCompare(b.internal_id));
    let result;
    try {
      result = await ctx.client.submitDocuments(
        ctx.creds,
        batch.map((r) => r.signed_json!),
      );
    } catch (e) {
      return this.failed(batch, e);
    }
    const byInternal = new Map(batch.map((r) => [r.internal_id, r]));
    await this.ds.transaction(async (m) => {
      for (const a of result.accepted) {
        const r = byInternal.get(a.internalId);
        if (r)
          await this.setStatus(
            m,
            [r],
            'submitted',
            `uuid = $3, long_id = $4, submission_id = $5, submitted_at = now(), submit_started_at = NULL,
             last_error = NULL, dead_letter = false`,
            [a.uuid, a.longId, result.submissionId],
          );
      }
      await this.setRejected(
        m,
        result.rejected.map((rej) => ({ row: byInternal.get(rej.internalId), errors: rej.errors })),
      );
      const mentioned = new Set([...result.accepted, ...result.rejected].map((x) => x.internalId));
      const rest = batch.filter((r) => !mentioned.has(r.internal_id)).map((r) => r.id);
      if (rest.length)
        await m.query(
          'UPDATE e_documents SET submit_started_at = NULL WHERE id = ANY($1::uuid[])',
          [rest],
        );
    });
    return true;
  }

  protected backOff(m: EntityManager, r: Row, b: BackOff): Promise<void> {
    return m.query(
      `UPDATE e_documents SET last_error = $2, attempts = $5::int,
              dead_letter = dead_letter OR $5::int >= $6::int,
              next_attempt_at = now() + make_interval(secs => $3::float8 / 1000),
              submit_started_at = CASE WHEN $4 THEN NULL ELSE submit_started_at END, updated_at = now()
        WHERE id = $1`,
      [r.id, b.error, b.delayMs, b.clearMark, b.attempts, this.settings.maxAttempts],
    );
  }

  protected failureNote(count: number): string {
    return `ETA document submission failed (${count})`;
  }

  /** Submissions with documents still validating: Valid / Invalid (with ETA's messages). */
  private async poll(ctx: Ctx) {
    const subs = (await this.ds.query(
      `SELECT DISTINCT submission_id FROM e_documents WHERE status = 'submitted' AND submission_id IS NOT NULL`,
    )) as { submission_id: string }[];
    const now = Date.now();
    if (!this.polls.due(POLLS, now)) return;
    for (const { submission_id: sid } of subs) {
      const status = await this.askStatus(POLLS, now, sid, () =>
        ctx.client.documentSubmission(ctx.creds, sid),
      );
      if (status === 'stop') return;
      if (status === 'skip') continue;
      const rows = await this.rows(`submission_id = $1 AND status = 'submitted'`, [sid]);
      const byUuid = new Map(rows.map((r) => [r.uuid, r]));
      const valid: { row: Row; longId: string | null }[] = [];
      const invalid: { row: Row; errors: EtaErrorDto[] }[] = [];
      for (const d of status.documents) {
        const row = byUuid.get(d.uuid);
        if (!row) continue;
        const s = d.status.toLowerCase();
        if (s === 'valid') valid.push({ row, longId: d.longId });
        else if (s === 'invalid') {
          let errors: EtaErrorDto[] = [];
          try {
            errors = (await ctx.client.documentDetails(ctx.creds, d.uuid)).errors;
          } catch (e) {
            this.logger.warn(`ETA document ${d.uuid} details: ${(e as Error).message}`);
          }
          invalid.push({ row, errors });
        }
      }
      await this.ds.transaction(async (m) => {
        for (const v of valid)
          await this.setStatus(
            m,
            [v.row],
            'valid',
            'validated_at = now(), long_id = COALESCE($3, long_id)',
            [v.longId],
          );
        await this.setInvalid(m, invalid);
      });
    }
  }
}
