import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  CHEQUE_DUE_DAYS,
  CHEQUE_OPEN_STATUSES,
  CHEQUE_TRANSITIONS,
  CHEQUE_ACTIONS,
  normalizeArabic,
  type ChequeDto,
  type ChequeListQueryDto,
  type ChequePartyDto,
  type ChequePartyQueryDto,
  type ChequeStatus,
  type ChequeVaultDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { askedBranch, branchReadScope, branchWriteScope } from '../../../core/auth/branch-scope';
import { Errors } from '../../../core/errors/app.exception';
import { allWords, ListFilter, listPage, searchPatterns } from '../../../core/http/list';
import { readStoreTimeZone } from '../../settings';
import { columnSorts } from '../../../core/http/column-sorts';
import { rowFields, rowTimes } from '../../../core/database/row-fields';

const SELECT = `SELECT c.id, c.direction, c.status, c.number, c.bank, to_char(c.due_date, 'YYYY-MM-DD') AS due_date,
    c.amount, c.customer_id, c.vendor_id, COALESCE(cu.name, ve.name) AS party_name, c.branch_id, b.name AS branch_name,
    c.vault_id, v.name AS vault_name, c.note, COALESCE(u.display_name, u.username) AS created_by_name,
    c.created_at, c.updated_at
  FROM cheques c
  JOIN branches b ON b.id = c.branch_id
  LEFT JOIN customers cu ON cu.id = c.customer_id
  LEFT JOIN vendors ve ON ve.id = c.vendor_id
  LEFT JOIN vaults v ON v.id = c.vault_id
  LEFT JOIN users u ON u.id = c.created_by`;

const SORTS = columnSorts('c', ['dueDate', 'createdAt', 'amount', 'number', 'status']);

/** The next steps a cheque allows, for a user who may change cheques of its branch. */
function actionsFor(status: ChequeStatus, branchId: string, user: AuthUser) {
  const scope = branchWriteScope(user);
  if (scope && scope !== branchId) return [];
  return CHEQUE_ACTIONS.filter((a) => CHEQUE_TRANSITIONS[a].from.includes(status));
}

/**
 * Reads of cheques: every read needs can_see_vault_totals (the controller), and the branch scope
 * of core/auth/branch-scope.ts (own branch unless can_see_branches or admin).
 */
@Injectable()
export class ChequesQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private toDto(r: Record<string, unknown>, user: AuthUser): ChequeDto {
    const status = r.status as ChequeStatus;
    return {
      id: r.id as string,
      direction: r.direction as ChequeDto['direction'],
      status,
      ...rowFields(r, ['number', 'bank', 'due_date']),
      amount: Number(r.amount),
      partyType: r.customer_id ? 'customer' : 'vendor',
      partyId: (r.customer_id ?? r.vendor_id) as string,
      partyName: (r.party_name as string) ?? '',
      ...rowFields(r, [
        'branch_id',
        'branch_name',
        'vault_id?',
        'vault_name?',
        'note?',
        'created_by_name?',
      ]),
      ...rowTimes(r, ['created_at', 'updated_at']),
      actions: actionsFor(status, r.branch_id as string, user),
    };
  }

  async list(
    query: ChequeListQueryDto,
    user: AuthUser,
  ): Promise<{ rows: ChequeDto[]; total: number }> {
    const filter = new ListFilter()
      .add('c.branch_id = ?', askedBranch(user, query.branchId))
      .add('c.direction = ?', query.direction)
      .add('c.status = ?', query.status)
      .add('c.due_date >= ?::date', query.from)
      .add('c.due_date <= ?::date', query.to);
    if (query.dueSoon === 'true') {
      filter.add('c.status = ANY(?)', CHEQUE_OPEN_STATUSES);
      const tz = filter.param(await readStoreTimeZone(this.ds));
      filter.push(
        `c.due_date <= (now() AT TIME ZONE ${tz})::date + ${filter.param(CHEQUE_DUE_DAYS)}::int`,
      );
    }
    filter.search(query.q, (raw, words) => {
      const name = allWords(`COALESCE(cu.search_text, ve.search_text, '')`, words);
      return `(c.number ILIKE ${raw} OR c.bank ILIKE ${raw} OR (${name}))`;
    });
    const { rows, total } = await listPage(this.ds, query, filter, {
      count: `SELECT count(*)::int AS total FROM cheques c
        LEFT JOIN customers cu ON cu.id = c.customer_id LEFT JOIN vendors ve ON ve.id = c.vendor_id`,
      select: SELECT,
      sorts: SORTS,
      sort: 'dueDate',
      tie: 'c.id',
    });
    return { rows: rows.map((r) => this.toDto(r, user)), total };
  }

  async get(id: string, user: AuthUser): Promise<ChequeDto> {
    const [row] = await this.ds.query(`${SELECT} WHERE c.id = $1`, [id]);
    const scope = branchReadScope(user);
    if (!row || (scope && row.branch_id !== scope)) throw Errors.notFound();
    const history = await this.ds.query(
      `SELECT e.from_status, e.to_status, v.name AS vault_name, COALESCE(u.display_name, u.username) AS user_name, e.note, e.at
         FROM cheque_events e LEFT JOIN vaults v ON v.id = e.vault_id LEFT JOIN users u ON u.id = e.user_id
        WHERE e.cheque_id = $1 ORDER BY e.at, e.id`,
      [id],
    );
    return {
      ...this.toDto(row, user),
      history: history.map((h: Record<string, unknown>) => ({
        from: (h.from_status as ChequeStatus | null) ?? null,
        to: h.to_status as ChequeStatus,
        vaultName: (h.vault_name as string | null) ?? null,
        userName: (h.user_name as string | null) ?? null,
        note: (h.note as string | null) ?? null,
        at: (h.at as Date).toISOString(),
      })),
    };
  }

  /** Active bank vaults the user may move cheques through (their branch; every branch for admins). */
  async bankVaults(user: AuthUser): Promise<ChequeVaultDto[]> {
    const scope = branchWriteScope(user);
    const rows = await this.ds.query(
      `SELECT v.id, v.name, v.branch_id, b.name AS branch_name FROM vaults v JOIN branches b ON b.id = v.branch_id
        WHERE v.type = 'bank' AND v.active ${scope ? 'AND v.branch_id = $1' : ''}
        ORDER BY b.name, v.name`,
      scope ? [scope] : [],
    );
    return rows.map((r: Record<string, unknown>) => ({
      ...rowFields(r, ['id', 'name', 'branch_id', 'branch_name']),
    }));
  }

  /** Customers (can_see_customers) or active vendors (can_see_vendors) to pick a cheque's party. */
  async parties(query: ChequePartyQueryDto, user: AuthUser): Promise<ChequePartyDto[]> {
    const may = (key: 'can_see_customers' | 'can_see_vendors') =>
      user.isAdmin || user.permissions.includes(key);
    const type =
      query.type ??
      (may('can_see_customers') ? 'customer' : may('can_see_vendors') ? 'vendor' : null);
    if (!type) return [];
    if (!may(type === 'customer' ? 'can_see_customers' : 'can_see_vendors'))
      throw Errors.forbidden();
    const table = type === 'customer' ? 'customers' : 'vendors';
    const words = searchPatterns(normalizeArabic(query.q ?? ''));
    const where = [
      ...(type === 'vendor' ? ['active'] : []),
      ...words.map((_, i) => `search_text LIKE $${i + 1}`),
    ];
    const rows = await this.ds.query(
      `SELECT id, name, balance FROM ${table} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY name LIMIT 20`,
      words,
    );
    return rows.map((r: Record<string, unknown>) => ({
      id: r.id as string,
      name: r.name as string,
      balance: Number(r.balance),
    }));
  }
}
