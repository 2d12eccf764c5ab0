import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type {
  CustomerDebtDto,
  CustomerDebtFiltersDto,
  CustomerDebtTotalsDto,
  CustomerDebtsQueryDto,
  CustomerPaymentVaultDto,
  DebtBucket,
} from '@pos/contracts';
import { paymentVaults } from '../../cash';
import type { AuthUser } from '../../../core/auth/auth.types';
import { branchReadScope } from '../../../core/auth/branch-scope';
import { Errors } from '../../../core/errors/app.exception';
import { pageOf, searchPatterns } from '../../../core/http/list';
import { readStoreSettings } from '../../settings';
import { rowFields } from '../../../core/database/row-fields';

/** Most rows one Excel export carries. */
export const DEBTS_EXPORT_LIMIT = 20_000;

const BUCKET_SQL: Record<DebtBucket, string> = {
  d0_30: 'o.age <= 30',
  d31_60: 'o.age BETWEEN 31 AND 60',
  d61_90: 'o.age BETWEEN 61 AND 90',
  d90_plus: 'o.age > 90',
};

const num = (v: unknown): number => Number(v ?? 0);

/**
 * /Customers/Debts (issue 16 item 1; docs/decisions/ "Customer debts"). Over each owing
 * customer's ledger, the credits (payments, returns, cheques…, every row with amount < 0) settle
 * the debits (amount > 0) oldest first; what is left of each debit is aged by its date in the store's
 * time zone. A debit belongs to the branch where it arose: its sale's (or bounced cheque's) branch,
 * else the shift's or the user's. A branch filter keeps the open debits of that branch only.
 */
/** What is owed by age: 0–30, 31–60, 61–90 and over 90 days. */
const buckets = (r: Record<string, unknown>) => ({
  d0_30: num(r.d0_30),
  d31_60: num(r.d31_60),
  d61_90: num(r.d61_90),
  d90_plus: num(r.d90_plus),
});

@Injectable()
export class CustomerDebtsQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The branch the user may filter on: any (null = every branch) or only their own. */
  private branchOf(query: CustomerDebtsQueryDto, user: AuthUser): string | null {
    const scope = branchReadScope(user);
    if (query.branchId && scope && query.branchId !== scope) throw Errors.forbidden();
    return query.branchId ?? scope;
  }

  /** The filtered aggregate as SQL (a CTE chain) and its parameters. */
  private async base(query: CustomerDebtsQueryDto, user: AuthUser) {
    const settings = await readStoreSettings(this.ds);
    const params: unknown[] = [
      settings.timeZone,
      this.branchOf(query, user),
      settings.customerPaymentTermsDays,
    ];
    const search: string[] = [];
    for (const p of query.q ? searchPatterns(query.q) : []) {
      params.push(p);
      search.push(`c.search_text LIKE $${params.length}`);
    }
    const outer: string[] = ['a.open > 0'];
    if (query.bucket) outer.push(`a.${query.bucket} > 0`);
    if (query.overdue === 'true') outer.push('a.overdue_amount > 0');
    const sql = `
      WITH cust AS (
        SELECT c.id, COALESCE(c.payment_terms_days, $3::int) AS terms FROM customers c
         WHERE c.balance > 0 ${search.map((w) => `AND ${w}`).join(' ')}
      ), led AS (
        SELECT l.customer_id, l.id, l.at, l.amount,
               COALESCE(i.branch_id, ch.branch_id, s.branch_id, u.branch_id) AS branch_id
          FROM customer_ledger l JOIN cust ON cust.id = l.customer_id
          LEFT JOIN sales_invoices i ON l.reference_type = 'sale' AND i.id = l.reference_id
          LEFT JOIN cheques ch ON l.reference_type = 'cheque' AND ch.id = l.reference_id
          LEFT JOIN shifts s ON s.id = l.shift_id
          LEFT JOIN users u ON u.id = l.user_id
      ), paid AS (
        SELECT customer_id, COALESCE(-sum(amount) FILTER (WHERE amount < 0), 0) AS paid
          FROM led GROUP BY customer_id
      ), deb AS (
        SELECT d.customer_id, d.branch_id, d.at, d.amount, p.paid,
               sum(d.amount) OVER (PARTITION BY d.customer_id ORDER BY d.at, d.id) AS cum
          FROM led d JOIN paid p USING (customer_id) WHERE d.amount > 0
      ), o AS (
        SELECT deb.customer_id, LEAST(deb.amount, deb.cum - deb.paid) AS open, cust.terms,
               (now() AT TIME ZONE $1::text)::date - (deb.at AT TIME ZONE $1::text)::date AS age
          FROM deb JOIN cust ON cust.id = deb.customer_id
         WHERE deb.cum > deb.paid AND ($2::uuid IS NULL OR deb.branch_id = $2::uuid)
      ), a AS (
        SELECT o.customer_id, sum(o.open) AS open,
               ${Object.entries(BUCKET_SQL)
                 .map(([k, cond]) => `COALESCE(sum(o.open) FILTER (WHERE ${cond}), 0) AS ${k}`)
                 .join(',\n               ')},
               COALESCE(sum(o.open) FILTER (WHERE o.age > o.terms), 0) AS overdue_amount,
               max(o.age) AS oldest_days, max(o.terms) AS terms
          FROM o GROUP BY o.customer_id
      )`;
    return { sql, params, where: `WHERE ${outer.join(' AND ')}` };
  }

  async list(
    query: CustomerDebtsQueryDto,
    user: AuthUser,
    limit?: number,
  ): Promise<{ rows: CustomerDebtDto[]; total: number }> {
    const { sql, params, where } = await this.base(query, user);
    const [{ total }] = await this.ds.query(
      `${sql} SELECT count(*)::int AS total FROM a ${where}`,
      params,
    );
    const { skip, take } = limit ? { skip: 0, take: limit } : pageOf(query);
    const rows = await this.ds.query(
      `${sql}
       SELECT a.*, c.name, c.phone, c.credit_limit, c.balance, lp.at AS last_at, -lp.amount AS last_amount
         FROM a JOIN customers c ON c.id = a.customer_id
         LEFT JOIN LATERAL (
           SELECT l.at, l.amount FROM customer_ledger l
            WHERE l.customer_id = a.customer_id AND l.type = 'payment' AND l.amount < 0
            ORDER BY l.at DESC, l.id DESC LIMIT 1) lp ON true
        ${where}
        ORDER BY a.oldest_days DESC, a.open DESC, c.name, c.id LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    return {
      total,
      rows: rows.map((r: Record<string, unknown>) => {
        const oldestDays = num(r.oldest_days);
        const terms = num(r.terms);
        return {
          ...rowFields(r, ['customer_id', 'name', 'phone?']),
          creditLimit: num(r.credit_limit),
          balance: num(r.balance),
          open: num(r.open),
          buckets: buckets(r),
          oldestDays,
          paymentTermsDays: terms,
          overdueAmount: num(r.overdue_amount),
          overdueDays: Math.max(0, oldestDays - terms),
          lastPaymentAt: r.last_at ? (r.last_at as Date).toISOString() : null,
          lastPaymentAmount: r.last_at ? num(r.last_amount) : null,
        };
      }),
    };
  }

  /** The totals row over the whole filtered list (not only the page). */
  async totals(query: CustomerDebtsQueryDto, user: AuthUser): Promise<CustomerDebtTotalsDto> {
    const { sql, params, where } = await this.base(query, user);
    const [r] = await this.ds.query(
      `${sql} SELECT count(*)::int AS customers, COALESCE(sum(a.open), 0) AS open,
              COALESCE(sum(a.d0_30), 0) AS d0_30, COALESCE(sum(a.d31_60), 0) AS d31_60,
              COALESCE(sum(a.d61_90), 0) AS d61_90, COALESCE(sum(a.d90_plus), 0) AS d90_plus,
              COALESCE(sum(a.overdue_amount), 0) AS overdue_amount
         FROM a ${where}`,
      params,
    );
    return {
      customers: num(r.customers),
      open: num(r.open),
      buckets: buckets(r),
      overdueAmount: num(r.overdue_amount),
    };
  }

  /** The branches the user may filter on (their read scope). */
  async filters(user: AuthUser): Promise<CustomerDebtFiltersDto> {
    const scope = branchReadScope(user);
    const branches = await this.ds.query(
      `SELECT b.id, b.name FROM branches b ${scope ? 'WHERE b.id = $1' : ''} ORDER BY b.name`,
      scope ? [scope] : [],
    );
    return { branches: branches.map((b: { id: string; name: string }) => ({ ...b })) };
  }

  /** The active vaults a payment may go into: the user's branch's (every branch for an administrator). */
  paymentVaults(user: AuthUser): Promise<CustomerPaymentVaultDto[]> {
    return paymentVaults(this.ds, user);
  }
}
