import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type {
  DueRecurringExpenseDto,
  ExpenseDto,
  ExpenseListQueryDto,
  ExpenseOptionsDto,
  ExpenseTotalsDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { branchReadScope, branchWriteScope } from '../../../core/auth/branch-scope';
import { AppException, Errors } from '../../../core/errors/app.exception';
import { pageOf, searchPatterns, sortOf } from '../../../core/http/list';
import { sqlNormalized } from '../../../core/resource';
import { bookDates } from '../../accounting';
import { dueRecurring } from '../services/due';

/** Totals of the list (sum, VAT, per category) need can_see_expenses_details. */
export const seesExpenseTotals = (user: AuthUser) =>
  user.isAdmin || user.permissions.includes('can_see_expenses_details');

const COLUMNS = `e.id, e.number, e.status, to_char(e.expense_date, 'YYYY-MM-DD') AS date,
  e.branch_id AS "branchId", b.name AS "branchName", e.category_id AS "categoryId", c.name AS "categoryName",
  e.vault_id AS "vaultId", v.name AS "vaultName", e.amount::float8 AS amount, e.vat::float8 AS vat, e.total::float8 AS total,
  e.vendor_id AS "vendorId", vd.name AS "vendorName", e.payee, e.note, (e.attachment_id IS NOT NULL) AS "hasAttachment",
  e.recurring_id AS "recurringId", e.created_by AS "createdBy",
  COALESCE(NULLIF(u.display_name, ''), u.username) AS "createdByName", e.created_at AS "createdAt",
  e.voided_at AS "voidedAt", e.void_reason AS "voidReason"`;
const FROM = `FROM expenses e
  JOIN branches b ON b.id = e.branch_id JOIN expense_categories c ON c.id = e.category_id
  JOIN vaults v ON v.id = e.vault_id LEFT JOIN vendors vd ON vd.id = e.vendor_id
  LEFT JOIN users u ON u.id = e.created_by`;
const SORT = {
  date: 'e.expense_date',
  number: 'e.number',
  total: 'e.total',
  categoryName: 'c.name',
  createdAt: 'e.created_at',
};

type Where = { sql: string; params: unknown[] };

/**
 * Reads of expenses, in the user's branch read scope (every branch for administrators and
 * can_see_branches). Rows need can_see_expenses (the controller's); totals
 * can_see_expenses_details; a date range can_use_date_filter.
 */
@Injectable()
export class ExpensesQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private where(query: ExpenseListQueryDto, user: AuthUser): Where {
    if (
      (query.from || query.to) &&
      !user.isAdmin &&
      !user.permissions.includes('can_use_date_filter')
    )
      throw new AppException('DATE_FILTER_FORBIDDEN', HttpStatus.FORBIDDEN);
    const params: unknown[] = [];
    const where: string[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replaceAll('?', `$${params.length}`));
    };
    const scope = branchReadScope(user);
    if (scope) add('e.branch_id = ?', scope);
    else if (query.branchId) add('e.branch_id = ?', query.branchId);
    if (query.categoryId) add('(e.category_id = ? OR c.parent_id = ?)', query.categoryId);
    if (query.vaultId) add('e.vault_id = ?', query.vaultId);
    if (query.status) add('e.status = ?', query.status);
    if (query.from) add('e.expense_date >= ?::date', query.from.slice(0, 10));
    if (query.to) add('e.expense_date <= ?::date', query.to.slice(0, 10));
    if (query.q)
      for (const pattern of searchPatterns(query.q))
        add(
          `(${sqlNormalized('e.number')} LIKE ? OR ${sqlNormalized('e.payee')} LIKE ? OR ${sqlNormalized('vd.name')} LIKE ? OR ${sqlNormalized('e.note')} LIKE ? OR ${sqlNormalized('c.name')} LIKE ?)`,
          pattern,
        );
    return { sql: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
  }

  async list(
    query: ExpenseListQueryDto,
    user: AuthUser,
  ): Promise<{ rows: ExpenseDto[]; total: number }> {
    const { skip, take } = pageOf(query);
    const { column, direction } = sortOf(query, SORT, '-date');
    const w = this.where(query, user);
    const n = w.params.length;
    const rows: (ExpenseDto & { full: number })[] = await this.ds.query(
      `SELECT ${COLUMNS}, count(*) OVER ()::int AS full ${FROM} ${w.sql}
        ORDER BY ${column} ${direction}, e.created_at ${direction}, e.id ${direction}
        LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...w.params, take, skip],
    );
    const total = rows[0]?.full ?? (skip ? await this.count(w) : 0);
    return { rows: rows.map(({ full: _full, ...r }) => r as ExpenseDto), total };
  }

  private async count(w: Where): Promise<number> {
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n ${FROM} ${w.sql}`, w.params);
    return n;
  }

  /** The filtered list's totals (void expenses left out). */
  async totals(query: ExpenseListQueryDto, user: AuthUser): Promise<ExpenseTotalsDto> {
    if (!seesExpenseTotals(user)) throw Errors.forbidden();
    const w = this.where({ ...query, status: 'recorded' }, user);
    const byCategory: ExpenseTotalsDto['byCategory'] = await this.ds.query(
      `SELECT e.category_id AS "categoryId", c.name AS "categoryName", sum(e.total)::float8 AS total, count(*)::int AS count
         ${FROM} ${w.sql} GROUP BY e.category_id, c.name ORDER BY sum(e.total) DESC, c.name`,
      w.params,
    );
    const [sum] = await this.ds.query(
      `SELECT count(*)::int AS count, COALESCE(sum(e.amount), 0)::float8 AS amount,
              COALESCE(sum(e.vat), 0)::float8 AS vat, COALESCE(sum(e.total), 0)::float8 AS total
         ${FROM} ${w.sql}`,
      w.params,
    );
    return { ...sum, byCategory };
  }

  async get(id: string, user: AuthUser): Promise<ExpenseDto> {
    const scope = branchReadScope(user);
    const [row] = await this.ds.query(
      `SELECT ${COLUMNS} ${FROM} WHERE e.id = $1 AND ($2::uuid IS NULL OR e.branch_id = $2::uuid)`,
      [id, scope],
    );
    if (!row) throw Errors.notFound();
    return row;
  }

  /** The receipt photo of an expense the user may read. */
  async attachment(id: string, user: AuthUser): Promise<{ contentType: string; data: Buffer }> {
    const scope = branchReadScope(user);
    const [row] = await this.ds.query(
      `SELECT a.content_type AS "contentType", a.data FROM expenses e JOIN expense_attachments a ON a.id = e.attachment_id
        WHERE e.id = $1 AND ($2::uuid IS NULL OR e.branch_id = $2::uuid)`,
      [id, scope],
    );
    if (!row) throw Errors.notFound();
    return row;
  }

  /**
   * What the form chooses from: the active vaults the user may pay from (their branch's; every
   * branch for administrators), with balances only with can_see_vault_totals, and active vendors.
   */
  async options(user: AuthUser): Promise<ExpenseOptionsDto> {
    const scope = branchWriteScope(user);
    const vaults: (ExpenseOptionsDto['vaults'][number] & { balance?: number })[] =
      await this.ds.query(
        `SELECT v.id, v.name, v.type, v.branch_id AS "branchId", b.name AS "branchName", v.is_main AS "isMain",
                v.balance::float8 AS balance
           FROM vaults v JOIN branches b ON b.id = v.branch_id
          WHERE v.active AND ($1::uuid IS NULL OR v.branch_id = $1::uuid)
          ORDER BY b.created_at, NOT v.is_main, v.name`,
        [scope],
      );
    const totals = user.isAdmin || user.permissions.includes('can_see_vault_totals');
    const vendors = await this.ds.query(
      `SELECT id, name FROM vendors WHERE active ORDER BY name LIMIT 500`,
    );
    return { vaults: totals ? vaults : vaults.map(({ balance: _b, ...v }) => v), vendors };
  }

  /** The monthly templates due now in the user's branch scope (the page and the dashboard). */
  async due(user: AuthUser): Promise<DueRecurringExpenseDto[]> {
    const { timeZone } = await bookDates(this.ds.manager);
    return dueRecurring(this.ds.manager, timeZone, branchReadScope(user));
  }
}
