import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type {
  DailyReportDto,
  DailyReportQueryDto,
  ReturnDto,
  SaleDto,
  SaleListQueryDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { AppException, Errors } from '../../../core/errors/app.exception';
import { pageOf } from '../../../core/http/list';
import { methodFigures, salesFigures } from '../../shifts';
import {
  giftCardMoves,
  giftCardMovesSql,
  readSale,
  SALE_FROM,
  SALE_HEADER,
  saleCostVisibility,
  shapeHeader,
} from '../services/sales-reader';
import { seesAllBranches } from '../../../core/auth/branch-scope';
import { readStoreTimeZone } from '../../settings';
import { rowFields } from '../../../core/database/row-fields';

@Injectable()
export class SalesQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async get(id: string, user: AuthUser): Promise<SaleDto> {
    const sale = await readSale(this.ds.manager, id, user);
    this.assertVisible(sale, user);
    return sale;
  }

  private assertVisible(sale: { branchId: string; cashierId: string }, user: AuthUser) {
    if (!seesAllBranches(user) && sale.branchId !== user.branchId) throw Errors.notFound();
    const mayRead =
      user.permissions.includes('can_see_invoices') ||
      user.permissions.includes('can_return_products') ||
      sale.cashierId === user.id;
    if (!mayRead) throw Errors.notFound();
  }

  async byNumber(number: string, user: AuthUser): Promise<SaleDto> {
    // The server's number, or the till's own receipt number printed offline (issue 32).
    const [row] = await this.ds.query(
      `SELECT i.id FROM sales_invoices i WHERE i.number = $1
       UNION ALL
       SELECT i.id FROM pos_devices d JOIN sales_invoices i ON i.device_id = d.id
        WHERE starts_with($1, upper(d.receipt_prefix) || '-')
          AND i.device_receipt_no = CASE WHEN substr($1, length(d.receipt_prefix) + 2) ~ '^[0-9]{1,9}$'
                                         THEN substr($1, length(d.receipt_prefix) + 2)::int END
       LIMIT 1`,
      [number.trim().toUpperCase()],
    );
    if (!row) throw Errors.notFound();
    return this.get(row.id, user);
  }

  async list(
    query: SaleListQueryDto,
    user: AuthUser,
  ): Promise<{ rows: SaleDto[]; total: number; amount: string }> {
    if ((query.from || query.to) && !user.permissions.includes('can_use_date_filter')) {
      throw new AppException('DATE_FILTER_FORBIDDEN', 403);
    }
    const { skip, take } = pageOf(query);
    const params: unknown[] = [];
    const where: string[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (!seesAllBranches(user)) add('i.branch_id = ?', user.branchId);
    else if (query.branchId) add('i.branch_id = ?', query.branchId);
    if (query.number)
      add('i.number ILIKE ?', `%${query.number.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (query.customerId) add('i.customer_id = ?', query.customerId);
    if (query.cashierId) add('i.cashier_id = ?', query.cashierId);
    if (query.shiftId) add('i.shift_id = ?', query.shiftId);
    if (query.methodId)
      add(
        'EXISTS (SELECT 1 FROM sale_payments p WHERE p.invoice_id = i.id AND p.method_id = ?)',
        query.methodId,
      );
    if (query.from) add('i.created_at >= ?', query.from);
    if (query.to) add('i.created_at <= ?', query.to);
    if (query.q?.trim()) {
      params.push(`%${query.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`(i.number ILIKE $${params.length} OR c.name ILIKE $${params.length})`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total, amount }] = await this.ds.query(
      `SELECT count(*)::int AS total, COALESCE(sum(i.total), 0)::text AS amount ${SALE_FROM} ${clause}`,
      params,
    );
    const rows = await this.ds.query(
      `SELECT ${SALE_HEADER} ${SALE_FROM} ${clause} ORDER BY i.created_at DESC, i.id DESC LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    const show = saleCostVisibility(user);
    return {
      rows: rows.map((r: Record<string, unknown>) => shapeHeader(r, show.profit, show.cost)),
      total,
      amount,
    };
  }

  /**
   * The invoice's audit trail (can_see_invoices or can_edit_invoice). The edit's reason is stored
   * inside before/after and answered as `reason`; profit only with can_see_profit, cost (cost
   * total, line unit costs) only with can_see_profit and can_see_buy_price.
   */
  async history(id: string, user: AuthUser): Promise<InvoiceHistoryEntryDto[]> {
    await this.get(id, user);
    const rows: {
      id: string;
      at: Date;
      action: string;
      before: unknown;
      after: unknown;
      userName: string | null;
    }[] = await this.ds.query(
      `SELECT a.id, a.at, a.action, a.before, a.after, u.display_name AS "userName"
         FROM audit_logs a LEFT JOIN users u ON u.id = a.user_id
        WHERE a.entity = 'sale' AND a.entity_id = $1 ORDER BY a.at, a.id`,
      [id],
    );
    const show = saleCostVisibility(user);
    return rows.map((r) => {
      const reason = reasonOf(r.after) ?? reasonOf(r.before);
      return {
        id: r.id,
        at: new Date(r.at).toISOString(),
        action: r.action,
        userName: r.userName,
        reason,
        before: show.cost ? r.before : withoutCost(r.before, show.profit),
        after: show.cost ? r.after : withoutCost(r.after, show.profit),
      };
    });
  }

  async getReturn(id: string, user: AuthUser): Promise<ReturnDto> {
    const [r] = await this.ds.query(
      `SELECT r.id, r.number, r.invoice_id AS "invoiceId", i.number AS "invoiceNumber", r.total, r.credit_reduction AS "creditReduction",
              r.created_at AS "createdAt", r.branch_id AS "branchId", i.cashier_id AS "cashierId",
              ${giftCardMovesSql('return', 'r.id')} AS "storeCredit",
              (SELECT json_build_object('takenBack', -ll.points, 'balance', ll.points_after)
                 FROM loyalty_ledger ll WHERE ll.reference_type = 'return' AND ll.reference_id = r.id
                ORDER BY ll.created_at DESC LIMIT 1) AS "loyalty"
         FROM sale_returns r JOIN sales_invoices i ON i.id = r.invoice_id WHERE r.id = $1`,
      [id],
    );
    if (!r) throw Errors.notFound();
    this.assertVisible(r, user);
    const lines = await this.ds.query(
      `SELECT rl.sale_line_id AS "saleLineId", p.name_ar AS "productName", rl.quantity, rl.amount
         FROM sale_return_lines rl JOIN sale_lines l ON l.id = rl.sale_line_id JOIN variants v ON v.id = l.variant_id
         JOIN products p ON p.id = v.product_id WHERE rl.return_id = $1 ORDER BY l.line_no`,
      [id],
    );
    const refunds = await this.ds.query(
      `SELECT p.method_id AS "methodId", pm.name_ar AS "methodName", p.amount
         FROM sale_payments p JOIN payment_methods pm ON pm.id = p.method_id WHERE p.return_id = $1`,
      [id],
    );
    return {
      ...rowFields(r, ['id', 'number', 'invoiceId', 'invoiceNumber']),
      total: Number(r.total),
      creditReduction: Number(r.creditReduction),
      createdAt: r.createdAt.toISOString(),
      lines: lines.map(
        (l: Record<string, unknown>) =>
          ({
            ...(l as object),
            quantity: Number(l.quantity),
            amount: Number(l.amount),
          }) as ReturnDto['lines'][number],
      ),
      refunds: refunds.map(
        (p: Record<string, unknown>) =>
          ({ ...(p as object), amount: Number(p.amount) }) as ReturnDto['refunds'][number],
      ),
      ...(r.storeCredit.length ? { storeCredit: giftCardMoves(r.storeCredit) } : {}),
      ...(r.loyalty
        ? {
            loyalty: {
              takenBack: Number(r.loyalty.takenBack),
              balance: Number(r.loyalty.balance),
            },
          }
        : {}),
    };
  }

  /** The day's figures for a branch, by the store's business day (Africa/Cairo by default). */
  async dailyReport(query: DailyReportQueryDto, user: AuthUser): Promise<DailyReportDto> {
    const tz = await readStoreTimeZone(this.ds);
    // The business day's date where the store is (en-CA formats as YYYY-MM-DD).
    const today = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
    const date = query.date ?? today;
    if (date !== today && !user.permissions.includes('can_use_date_filter'))
      throw new AppException('DATE_FILTER_FORBIDDEN', 403);
    const branchId = query.branchId && seesAllBranches(user) ? query.branchId : user.branchId;
    if (!branchId) throw Errors.notFound();
    // [start, end) of the business day in UTC; every figure in one statement.
    const range = (col: string) =>
      `${col} >= (($2::date)::timestamp AT TIME ZONE $3) AND ${col} < ((($2::date) + 1)::timestamp AT TIME ZONE $3)`;
    const [row] = await this.ds.query(
      `WITH s AS (SELECT cashier_id, count(*)::int AS n, sum(total)::bigint AS sales, sum(line_discount_total + invoice_discount)::bigint AS discounts,
                         sum(vat_total)::bigint AS vat, sum(total - cost_total)::bigint AS profit
                    FROM sales_invoices WHERE branch_id = $1 AND ${range('created_at')} GROUP BY cashier_id),
            r AS (SELECT cashier_id, sum(total)::bigint AS returns, sum(total - cost_total)::bigint AS lost
                    FROM sale_returns WHERE branch_id = $1 AND ${range('created_at')} GROUP BY cashier_id),
            d AS (SELECT COALESCE(sum(i.due_amount) FILTER (WHERE EXISTS (SELECT 1 FROM installment_plans p WHERE p.sale_id = i.id)), 0)::bigint AS installment,
                         COALESCE(sum(i.due_amount) FILTER (WHERE NOT EXISTS (SELECT 1 FROM installment_plans p WHERE p.sale_id = i.id)), 0)::bigint AS credit
                    FROM sales_invoices i WHERE i.branch_id = $1 AND i.due_amount > 0 AND ${range('i.created_at')}),
            m AS (SELECT method_id, COALESCE(sum(amount) FILTER (WHERE kind = 'payment'), 0)::bigint AS sales,
                         COALESCE(sum(amount) FILTER (WHERE kind = 'refund'), 0)::bigint AS refunds
                    FROM sale_payments WHERE branch_id = $1 AND ${range('created_at')} GROUP BY method_id)
       SELECT (SELECT name FROM branches WHERE id = $1) AS branch_name, (SELECT COALESCE(sum(n), 0)::int FROM s) AS count, (SELECT COALESCE(sum(sales), 0)::bigint FROM s) AS sales,
              (SELECT COALESCE(sum(discounts), 0)::bigint FROM s) AS discounts, (SELECT COALESCE(sum(vat), 0)::bigint FROM s) AS vat,
              (SELECT COALESCE(sum(profit), 0)::bigint FROM s) AS profit,
              (SELECT credit FROM d) AS on_credit, (SELECT installment FROM d) AS on_installment,
              (SELECT COALESCE(sum(returns), 0)::bigint FROM r) AS returns, (SELECT COALESCE(sum(lost), 0)::bigint FROM r) AS lost,
              (SELECT COALESCE(json_agg(json_build_object('methodId', pm.id, 'methodName', pm.name_ar, 'sales', m.sales, 'refunds', m.refunds)
                                        ORDER BY pm.sort_order), '[]')
                 FROM m JOIN payment_methods pm ON pm.id = m.method_id) AS by_method,
              (SELECT COALESCE(json_agg(json_build_object('cashierId', u.id, 'cashierName', u.display_name, 'invoiceCount', COALESCE(s.n, 0),
                                                          'sales', COALESCE(s.sales, 0), 'returns', COALESCE(r.returns, 0)) ORDER BY u.display_name), '[]')
                 FROM s FULL JOIN r ON r.cashier_id = s.cashier_id JOIN users u ON u.id = COALESCE(s.cashier_id, r.cashier_id)) AS by_cashier`,
      [branchId, date, tz],
    );
    if (!row.branch_name) throw Errors.notFound();
    const branch = { id: branchId, name: row.branch_name as string };
    const inv = row;
    const ret = row;
    const byMethod: Record<string, unknown>[] = row.by_method;
    const byCashier: Record<string, unknown>[] = row.by_cashier;
    const report: DailyReportDto = {
      date,
      branchId: branch.id,
      branchName: branch.name,
      timeZone: tz,
      ...salesFigures(inv, ret),
      byMethod: byMethod.map((b: Record<string, unknown>) => ({
        methodId: b.methodId as string,
        methodName: b.methodName as string,
        ...methodFigures(b),
      })),
      onAccount: { credit: Number(row.on_credit), installment: Number(row.on_installment) },
      byCashier: byCashier.map((c: Record<string, unknown>) => ({
        cashierId: c.cashierId as string,
        cashierName: c.cashierName as string,
        invoiceCount: Number(c.invoiceCount),
        sales: Number(c.sales),
        returns: Number(c.returns),
        net: Number(c.sales) - Number(c.returns),
      })),
    };
    if (user.permissions.includes('can_see_profit'))
      report.profit = Number(inv.profit) - Number(ret.lost);
    return report;
  }
}

export type InvoiceHistoryEntryDto = {
  id: string;
  at: string;
  action: string;
  userName: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
};

const reasonOf = (value: unknown): string | null => {
  const reason =
    value && typeof value === 'object' ? (value as { reason?: unknown }).reason : undefined;
  return typeof reason === 'string' && reason.trim() ? reason : null;
};

/** An invoice snapshot of the audit log without cost (and profit unless kept; stored with them). */
function withoutCost(value: unknown, keepProfit = false): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const { costTotal: _cost, profit, lines, ...rest } = value as Record<string, unknown>;
  return {
    ...rest,
    ...(keepProfit && profit !== undefined ? { profit } : {}),
    ...(Array.isArray(lines)
      ? {
          lines: lines.map((l) => {
            if (!l || typeof l !== 'object') return l;
            const { unitCost: _unitCost, ...line } = l as Record<string, unknown>;
            return line;
          }),
        }
      : {}),
  };
}
