import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type {
  EInvoiceDetailDto,
  EInvoiceListItemDto,
  EInvoiceListQueryDto,
  EInvoiceReceiverType,
  EInvoiceStateChange,
  EInvoiceType,
  EReceiptStatus,
  EtaEnvironment,
  EtaErrorDto,
  EtaSignerResponseDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { branchReadScope } from '../../../core/auth/branch-scope';
import { Errors } from '../../../core/errors/app.exception';
import { likeEscape, pageOf, sortOf } from '../../../core/http/list';
import { etaHosts } from '../eta/eta-client';
import { rowFields } from '../../../core/database/row-fields';

type DocRow = {
  id: string;
  document_type: EInvoiceType;
  internal_id: string;
  branch_id: string;
  branch_name: string;
  sale_id: string | null;
  receiver_type: EInvoiceReceiverType;
  receiver_id: string | null;
  receiver_name: string | null;
  uuid: string | null;
  status: EReceiptStatus;
  dead_letter: boolean;
  state_request: EInvoiceStateChange | null;
  total_amount: string;
  date_time_issued: string;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = `d.id, d.document_type, d.internal_id, d.branch_id, b.name AS branch_name, d.sale_id,
  d.receiver_type, d.receiver_id, d.receiver_name, d.uuid, d.status, d.dead_letter, d.state_request,
  d.total_amount::text AS total_amount, d.date_time_issued, d.created_at, d.updated_at`;

const toItem = (r: DocRow): EInvoiceListItemDto => ({
  ...rowFields(r, [
    'id',
    'document_type',
    'internal_id',
    'branch_id',
    'branch_name',
    'sale_id',
    'receiver_type',
    'receiver_id',
    'receiver_name',
    'uuid',
    'status',
    'dead_letter',
    'state_request',
  ]),
  totalAmount: String(r.total_amount),
  dateTimeIssued: r.date_time_issued,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** E-invoice reads: the user's branch read scope; never a secret. */
@Injectable()
export class EinvoicesQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async list(
    query: EInvoiceListQueryDto,
    user: AuthUser,
  ): Promise<{ rows: EInvoiceListItemDto[]; total: number }> {
    const where: string[] = ['($1::uuid IS NULL OR d.branch_id = $1)'];
    const params: unknown[] = [branchReadScope(user)];
    const add = (sql: string, v: unknown) => {
      params.push(v);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (query.status) add('d.status = ?', query.status);
    if (query.documentType) add('d.document_type = ?', query.documentType);
    if (query.branchId) add('d.branch_id = ?', query.branchId);
    if (query.q) {
      params.push(`%${likeEscape(query.q)}%`);
      const p = `$${params.length}`;
      where.push(
        `(d.internal_id ILIKE ${p} OR d.receiver_name ILIKE ${p} OR d.receiver_id ILIKE ${p} OR d.uuid ILIKE ${p})`,
      );
    }
    if (query.from) add('d.created_at >= ?::timestamptz', query.from);
    if (query.to) add(`d.created_at < (?::date + 1)`, query.to);
    const { skip, take } = pageOf(query);
    const sort = sortOf(
      query,
      {
        createdAt: 'd.created_at',
        status: 'd.status',
        internalId: 'd.internal_id',
        totalAmount: 'd.total_amount',
      },
      '-createdAt',
    );
    const rows = (await this.ds.query(
      `SELECT ${COLUMNS}, count(*) OVER () AS total
         FROM e_documents d JOIN branches b ON b.id = d.branch_id
        WHERE ${where.join(' AND ')}
        ORDER BY ${sort.column} ${sort.direction}, d.id DESC
        LIMIT ${take} OFFSET ${skip}`,
      params,
    )) as (DocRow & { total: string })[];
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && skip > 0) {
      const [c] = (await this.ds.query(
        `SELECT count(*) AS total FROM e_documents d WHERE ${where.join(' AND ')}`,
        params,
      )) as { total: string }[];
      total = Number(c.total);
    }
    return { rows: rows.map(toItem), total };
  }

  async get(id: string, user: AuthUser): Promise<EInvoiceDetailDto> {
    const [r] = (await this.ds.query(
      `SELECT ${COLUMNS}, d.json, d.signed_json, d.long_id, d.submission_id, d.reference_id,
              o.uuid AS reference_uuid, o.internal_id AS reference_internal_id, d.errors, d.last_error,
              d.attempts, d.state_reason, d.state_error, d.submitted_at, d.validated_at, c.environment
         FROM e_documents d JOIN branches b ON b.id = d.branch_id
         LEFT JOIN e_documents o ON o.id = d.reference_id
         LEFT JOIN eta_company c ON c.id = 1
        WHERE d.id = $1 AND ($2::uuid IS NULL OR d.branch_id = $2)`,
      [id, branchReadScope(user)],
    )) as (DocRow & {
      json: string;
      signed_json: string | null;
      long_id: string | null;
      submission_id: string | null;
      reference_id: string | null;
      reference_uuid: string | null;
      reference_internal_id: string | null;
      errors: EtaErrorDto[];
      last_error: string | null;
      attempts: number;
      state_reason: string | null;
      state_error: string | null;
      submitted_at: Date | null;
      validated_at: Date | null;
      environment: EtaEnvironment | null;
    })[];
    if (!r) throw Errors.notFound();
    return {
      ...toItem(r),
      json: r.signed_json ?? r.json,
      signed: !!r.signed_json,
      longId: r.long_id,
      submissionId: r.submission_id,
      shareUrl:
        r.uuid && r.long_id && ['valid', 'cancelled', 'rejected'].includes(r.status)
          ? `${etaHosts(r.environment ?? 'preprod').portal}/documents/${r.uuid}/share/${r.long_id}`
          : null,
      ...rowFields(r, ['reference_id', 'reference_uuid', 'reference_internal_id']),
      errors: r.errors ?? [],
      ...rowFields(r, ['last_error', 'attempts', 'state_reason', 'state_error']),
      submittedAt: r.submitted_at ? r.submitted_at.toISOString() : null,
      validatedAt: r.validated_at ? r.validated_at.toISOString() : null,
    };
  }

  async signer(): Promise<EtaSignerResponseDto> {
    const [c] = (await this.ds.query(
      `SELECT signer_kind, signer_p12_path, signer_p12_password IS NOT NULL AS has_pw,
              signer_p12_file IS NOT NULL AS has_file, signer_cert_subject, signer_cert_not_after,
              signer_agent_url, signer_agent_secret IS NOT NULL AS has_secret
         FROM eta_company WHERE id = 1`,
    )) as {
      signer_kind: 'p12' | 'agent' | null;
      signer_p12_path: string | null;
      has_pw: boolean;
      has_file: boolean;
      signer_cert_subject: string | null;
      signer_cert_not_after: Date | null;
      signer_agent_url: string | null;
      has_secret: boolean;
    }[];
    return {
      kind: c?.signer_kind ?? null,
      p12Path: c?.signer_p12_path ?? null,
      hasP12File: !!c?.has_file,
      hasP12Password: !!c?.has_pw,
      certificateSubject: c?.signer_kind === 'p12' ? (c.signer_cert_subject ?? null) : null,
      certificateNotAfter:
        c?.signer_kind === 'p12' && c.signer_cert_not_after
          ? new Date(c.signer_cert_not_after).toISOString()
          : null,
      agentUrl: c?.signer_agent_url ?? null,
      hasAgentSecret: !!c?.has_secret,
    };
  }
}
