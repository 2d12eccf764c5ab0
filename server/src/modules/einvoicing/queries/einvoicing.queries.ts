import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  E_RECEIPT_STATUSES,
  etaReceiptQr,
  type EInvoiceQueueDto,
  type EReceiptDetailDto,
  type EReceiptListItemDto,
  type EReceiptListQueryDto,
  type EReceiptPrintDto,
  type EReceiptStatus,
  type EtaCompanyInfoResponseDto,
  type EtaEnvironment,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { branchReadScope } from '../../../core/auth/branch-scope';
import { Errors } from '../../../core/errors/app.exception';
import { likeEscape, pageOf, sortOf } from '../../../core/http/list';
import { etaHosts } from '../eta/eta-client';
import type { EtaCompanyRow } from '../eta/company';
import { rowFields } from '../../../core/database/row-fields';

type ReceiptRow = {
  id: string;
  kind: 's' | 'r';
  sale_id: string;
  return_id: string | null;
  receipt_number: string;
  branch_id: string;
  branch_name: string;
  pos_serial: string;
  uuid: string;
  previous_uuid: string;
  reference_uuid: string | null;
  status: EReceiptStatus;
  dead_letter: boolean;
  attempts: number;
  total_amount: string;
  date_time_issued: string;
  submission_id: string | null;
  created_at: Date;
  updated_at: Date;
  json?: string;
  errors?: EReceiptDetailDto['errors'];
  last_error?: string | null;
  next_attempt_at?: Date;
  submitted_at?: Date | null;
  validated_at?: Date | null;
  rin?: string;
  environment?: EtaEnvironment;
  reference_old_uuid?: string | null;
  corrected_by_id?: string | null;
};

/** The receipt's QR text (the portal of the company's ETA environment). */
const receiptQr = (r: ReceiptRow) =>
  etaReceiptQr({
    portal: etaHosts(r.environment ?? 'preprod').portal,
    uuid: r.uuid,
    dateTimeIssued: r.date_time_issued,
    totalAmount: String(r.total_amount),
    rin: r.rin ?? '',
  });

const toItem = (r: ReceiptRow): EReceiptListItemDto => ({
  ...rowFields(r, [
    'id',
    'kind',
    'sale_id',
    'return_id',
    'receipt_number',
    'branch_id',
    'branch_name',
    'pos_serial',
    'uuid',
    'previous_uuid',
    'status',
    'dead_letter',
    'attempts',
  ]),
  totalAmount: String(r.total_amount),
  dateTimeIssued: r.date_time_issued,
  submissionId: r.submission_id,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

const COLUMNS = `e.id, e.kind, e.sale_id, e.return_id, e.receipt_number, e.branch_id, b.name AS branch_name,
  e.pos_serial, e.uuid, e.previous_uuid, e.reference_uuid, e.status, e.dead_letter, e.attempts,
  e.total_amount::text AS total_amount, e.date_time_issued, e.submission_id, e.created_at, e.updated_at`;

@Injectable()
export class EinvoicingQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async companyInfo(user: AuthUser): Promise<EtaCompanyInfoResponseDto> {
    const [c] = (await this.ds.query(
      'SELECT * FROM eta_company WHERE id = 1',
    )) as (EtaCompanyRow & {
      environment: EtaEnvironment;
      erp_client_id: string | null;
      erp_client_secret: string | null;
      receipt_batch_size: number;
      updated_at: Date;
    })[];
    const scope = branchReadScope(user);
    const branches = (await this.ds.query(
      `SELECT id, name, e_receipts_enabled, tax_branch_number, receipt_pos_serial,
              receipt_client_id IS NOT NULL AS has_id, receipt_client_secret IS NOT NULL AS has_secret
         FROM branches WHERE ($1::uuid IS NULL OR id = $1) ORDER BY created_at`,
      [scope],
    )) as {
      id: string;
      name: string;
      e_receipts_enabled: boolean;
      tax_branch_number: string | null;
      receipt_pos_serial: string | null;
      has_id: boolean;
      has_secret: boolean;
    }[];
    return {
      configured: !!c,
      rin: c?.rin ?? '',
      name: c?.name ?? '',
      activityCode: c?.activity_code ?? '',
      country: c?.country ?? 'EG',
      governate: c?.governate ?? '',
      regionCity: c?.region_city ?? '',
      street: c?.street ?? '',
      buildingNumber: c?.building_number ?? '',
      postalCode: c?.postal_code ?? '',
      environment: c?.environment ?? 'preprod',
      erpClientId: c?.erp_client_id ?? '',
      hasErpClientSecret: !!c?.erp_client_secret,
      receiptBatchSize: c?.receipt_batch_size ?? 50,
      updatedAt: c ? c.updated_at.toISOString() : null,
      branches: branches.map((b) => ({
        branchId: b.id,
        branchName: b.name,
        eReceiptsEnabled: b.e_receipts_enabled,
        branchCode: b.tax_branch_number,
        posSerial: b.receipt_pos_serial,
        hasReceiptClientId: b.has_id,
        hasReceiptClientSecret: b.has_secret,
      })),
    };
  }

  async list(
    query: EReceiptListQueryDto,
    user: AuthUser,
  ): Promise<{ rows: EReceiptListItemDto[]; total: number }> {
    const scope = branchReadScope(user);
    const where: string[] = ['($1::uuid IS NULL OR e.branch_id = $1)'];
    const params: unknown[] = [scope];
    const add = (sql: string, v: unknown) => {
      params.push(v);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (query.status) add('e.status = ?', query.status);
    if (query.branchId) add('e.branch_id = ?', query.branchId);
    if (query.deadLetter) add('e.dead_letter = ?', query.deadLetter === 'true');
    if (query.q) {
      // the receipt number anywhere, the UUID from its start (two parameters)
      params.push(`%${likeEscape(query.q)}%`, `${likeEscape(query.q.toLowerCase())}%`);
      where.push(
        `(e.receipt_number ILIKE $${params.length - 1} OR e.uuid ILIKE $${params.length})`,
      );
    }
    if (query.from) add('e.created_at >= ?::timestamptz', query.from);
    if (query.to) add(`e.created_at < (?::date + 1)`, query.to);
    const { skip, take } = pageOf(query);
    const sort = sortOf(
      query,
      { createdAt: 'e.created_at', status: 'e.status', receiptNumber: 'e.receipt_number' },
      '-createdAt',
    );
    const rows = (await this.ds.query(
      `SELECT ${COLUMNS}, count(*) OVER () AS total
         FROM e_receipts e JOIN branches b ON b.id = e.branch_id
        WHERE ${where.join(' AND ')}
        ORDER BY ${sort.column} ${sort.direction}, e.id DESC
        LIMIT ${take} OFFSET ${skip}`,
      params,
    )) as (ReceiptRow & { total: string })[];
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && skip > 0) {
      const [c] = (await this.ds.query(
        `SELECT count(*) AS total FROM e_receipts e WHERE ${where.join(' AND ')}`,
        params,
      )) as { total: string }[];
      total = Number(c.total);
    }
    return { rows: rows.map(toItem), total };
  }

  async get(id: string, user: AuthUser): Promise<EReceiptDetailDto> {
    const [r] = (await this.ds.query(
      `SELECT ${COLUMNS}, e.json, e.errors, e.last_error, e.next_attempt_at, e.submitted_at, e.validated_at,
              e.reference_old_uuid, (SELECT x.id FROM e_receipts x WHERE x.reference_old_uuid = e.uuid) AS corrected_by_id,
              c.rin, c.environment
         FROM e_receipts e JOIN branches b ON b.id = e.branch_id LEFT JOIN eta_company c ON c.id = 1
        WHERE e.id = $1 AND ($2::uuid IS NULL OR e.branch_id = $2)`,
      [id, branchReadScope(user)],
    )) as ReceiptRow[];
    if (!r) throw Errors.notFound();
    return {
      ...toItem(r),
      json: r.json!,
      qr: receiptQr(r),
      referenceUuid: r.reference_uuid,
      referenceOldUuid: r.reference_old_uuid ?? null,
      correctedById: r.corrected_by_id ?? null,
      errors: r.errors ?? [],
      lastError: r.last_error ?? null,
      nextAttemptAt:
        r.status === 'queued' && r.next_attempt_at ? r.next_attempt_at.toISOString() : null,
      submittedAt: r.submitted_at ? r.submitted_at.toISOString() : null,
      validatedAt: r.validated_at ? r.validated_at.toISOString() : null,
    };
  }

  async ofSale(saleId: string, user: AuthUser): Promise<EReceiptPrintDto[]> {
    const rows = (await this.ds.query(
      `SELECT e.id, e.kind, e.return_id, e.uuid, e.status, e.date_time_issued, e.total_amount::text AS total_amount,
              (e.json::jsonb)->'seller'->>'rin' AS rin, (e.json::jsonb)->'seller'->>'branchCode' AS branch_code,
              c.environment
         FROM e_receipts e LEFT JOIN eta_company c ON c.id = 1
        WHERE e.sale_id = $1 AND ($2::uuid IS NULL OR e.branch_id = $2)
        ORDER BY e.chain_seq, e.created_at`,
      [saleId, branchReadScope(user)],
    )) as (ReceiptRow & { rin: string; branch_code: string; environment: EtaEnvironment })[];
    return rows.map((r) => ({
      ...rowFields(r, ['id', 'kind', 'return_id', 'uuid', 'status', 'date_time_issued']),
      totalAmount: String(r.total_amount),
      issuerRin: r.rin ?? '',
      branchCode: r.branch_code ?? '',
      qr: receiptQr(r),
    }));
  }

  async queue(user: AuthUser): Promise<EInvoiceQueueDto> {
    const rows = (await this.ds.query(
      `SELECT status, dead_letter, count(*)::int AS n,
              extract(epoch FROM now() - min(created_at)) AS age
         FROM (SELECT status, dead_letter, created_at, branch_id FROM e_receipts
               UNION ALL
               SELECT status, dead_letter, created_at, branch_id FROM e_documents) q
        WHERE ($1::uuid IS NULL OR branch_id = $1)
        GROUP BY status, dead_letter`,
      [branchReadScope(user)],
    )) as { status: EReceiptStatus; dead_letter: boolean; n: number; age: string }[];
    const byStatus = Object.fromEntries(E_RECEIPT_STATUSES.map((s) => [s, 0])) as Record<
      EReceiptStatus,
      number
    >;
    let deadLetter = 0;
    let oldest: number | null = null;
    for (const r of rows) {
      byStatus[r.status] += r.n;
      if (r.dead_letter) deadLetter += r.n;
      if (['draft', 'queued', 'submitted'].includes(r.status) && !r.dead_letter)
        oldest = Math.max(oldest ?? 0, Math.round(Number(r.age)));
    }
    return {
      depth: byStatus.draft + byStatus.queued + byStatus.submitted - deadLetter,
      byStatus,
      deadLetter,
      failures: byStatus.invalid + byStatus.rejected + byStatus.chain_broken,
      oldestPendingAgeSeconds: oldest,
    };
  }
}
