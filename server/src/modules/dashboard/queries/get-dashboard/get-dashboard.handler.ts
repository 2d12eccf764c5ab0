import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DashboardDto, DashboardShiftDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import { Errors } from '../../../../core/errors/app.exception';
import { GetDashboardQuery } from './get-dashboard.query';
import { readStoreTimeZone } from '../../../settings';
import { findDueCheques } from '../../../cheques';

const SALES_TABLES = [
  'sales_invoices',
  'sale_payments',
  'sale_returns',
  'shifts',
  'payment_methods',
];
const RECENT = 10;
const can = (user: AuthUser, key: AuthUser['permissions'][number]) =>
  user.permissions.includes(key);
const n = (value: unknown) => Number(value ?? 0);

/**
 * The branch's business day so far. Sales are the day's invoices at their total, returns the day's
 * return documents; payments per method are net of refunds. Until the sales tables exist the
 * sales parts are absent and `salesAvailable` is false (never a 500).
 */
@QueryHandler(GetDashboardQuery)
export class GetDashboardHandler implements IQueryHandler<GetDashboardQuery, DashboardDto> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async execute({ user, branchId: asked }: GetDashboardQuery): Promise<DashboardDto> {
    const timeZone = await readStoreTimeZone(this.ds);
    const allBranches = user.isAdmin || can(user, 'can_see_branches');
    if (asked && !allBranches && asked !== user.branchId) throw Errors.forbidden();
    const branchId =
      asked ??
      user.branchId ??
      (allBranches
        ? ((await this.ds.query('SELECT id FROM branches ORDER BY created_at LIMIT 1'))[0]?.id ??
          null)
        : null);
    const [{ date, start }] = await this.ds.query(
      `SELECT to_char(now() AT TIME ZONE $1, 'YYYY-MM-DD') AS date,
              date_trunc('day', now() AT TIME ZONE $1) AT TIME ZONE $1 AS start`,
      [timeZone],
    );
    const out: DashboardDto = {
      branchId,
      branchName: null,
      date,
      timeZone,
      salesAvailable: false,
      openShifts: [],
    };
    if (!branchId) return out;
    const [branch] = await this.ds.query('SELECT name FROM branches WHERE id = $1', [branchId]);
    if (!branch) throw Errors.notFound();
    out.branchName = branch.name;

    if (can(user, 'can_see_near_end_products')) {
      const [{ count }] = await this.ds.query(
        `SELECT count(*)::int AS count FROM stock_levels s JOIN inventories i ON i.id = s.inventory_id
           JOIN variants v ON v.id = s.variant_id JOIN products p ON p.id = v.product_id
          WHERE i.branch_id = $1 AND v.low_stock_threshold > 0 AND s.on_hand <= v.low_stock_threshold AND v.active AND p.active`,
        [branchId],
      );
      out.lowStockCount = count;
    }
    if (can(user, 'can_see_vault_totals')) out.dueCheques = await findDueCheques(this.ds, branchId);

    const [{ present }] = await this.ds.query(
      `SELECT count(*)::int AS present FROM unnest($1::text[]) t WHERE to_regclass('public.' || t) IS NOT NULL`,
      [SALES_TABLES],
    );
    if (present < SALES_TABLES.length) return out;
    out.salesAvailable = true;
    const seeInvoices = can(user, 'can_see_invoices');
    const seeTotals = can(user, 'can_see_invoices_totals');

    if (seeInvoices || seeTotals || can(user, 'can_see_profit')) {
      const [day] = await this.ds.query(
        `SELECT count(*)::int AS count, coalesce(sum(total), 0)::bigint AS sales, coalesce(sum(total - cost_total), 0)::bigint AS gross
           FROM sales_invoices WHERE branch_id = $1 AND created_at >= $2`,
        [branchId, start],
      );
      const [ret] = await this.ds.query(
        `SELECT coalesce(sum(total), 0)::bigint AS returns, coalesce(sum(total - cost_total), 0)::bigint AS gross
           FROM sale_returns WHERE branch_id = $1 AND created_at >= $2`,
        [branchId, start],
      );
      if (seeInvoices) out.invoiceCount = day.count;
      if (seeTotals) {
        out.sales = n(day.sales);
        out.returns = n(ret.returns);
        out.net = out.sales - out.returns;
        out.averageBasket = day.count ? Math.round(out.sales / day.count) : 0;
        const methods = await this.ds.query(
          `SELECT m.id, m.name_ar, m.name_en,
                  sum(CASE WHEN p.kind = 'refund' THEN -p.amount ELSE p.amount END)::bigint AS amount
             FROM sale_payments p JOIN sales_invoices i ON i.id = p.invoice_id JOIN payment_methods m ON m.id = p.method_id
            WHERE i.branch_id = $1 AND p.created_at >= $2
            GROUP BY m.id, m.name_ar, m.name_en, m.sort_order ORDER BY m.sort_order, m.name_ar`,
          [branchId, start],
        );
        out.byMethod = methods.map((m: Record<string, unknown>) => ({
          methodId: m.id as string,
          methodName: m.name_ar as string,
          methodNameEn: (m.name_en as string | null) ?? null,
          amount: n(m.amount),
        }));
      }
      if (can(user, 'can_see_profit')) out.profit = n(day.gross) - n(ret.gross);
    }

    if (seeInvoices) {
      const recent = await this.ds.query(
        `SELECT i.id, i.number, i.created_at, i.status, i.total, coalesce(u.display_name, u.username) AS cashier
           FROM sales_invoices i LEFT JOIN users u ON u.id = i.cashier_id
          WHERE i.branch_id = $1 AND i.created_at >= $2 ORDER BY i.created_at DESC LIMIT ${RECENT}`,
        [branchId, start],
      );
      out.recentSales = recent.map((r: Record<string, unknown>) => ({
        invoiceId: r.id as string,
        number: r.number as string,
        cashierName: (r.cashier as string) ?? '',
        createdAt: (r.created_at as Date).toISOString(),
        status: r.status as string,
        ...(seeTotals ? { total: n(r.total) } : {}),
      }));
    }

    out.openShifts = await this.openShifts(user, branchId);
    return out;
  }

  /** Open shifts of the branch (own only without view_all_shifts); totals with can_see_shift_totals. */
  private async openShifts(user: AuthUser, branchId: string): Promise<DashboardShiftDto[]> {
    const all = can(user, 'view_all_shifts');
    const shifts = await this.ds.query(
      `SELECT s.id, s.register, s.cashier_id, s.opened_at, s.opening_cash, coalesce(u.display_name, u.username) AS cashier
         FROM shifts s LEFT JOIN users u ON u.id = s.cashier_id
        WHERE s.branch_id = $1 AND s.status = 'open' ${all ? '' : 'AND s.cashier_id = $2'}
        ORDER BY s.opened_at`,
      all ? [branchId] : [branchId, user.id],
    );
    if (!shifts.length) return [];
    const ids = shifts.map((s: { id: string }) => s.id);
    const totals = new Map<string, NonNullable<DashboardShiftDto['totals']>>();
    if (can(user, 'can_see_shift_totals')) {
      for (const id of ids) totals.set(id, { invoiceCount: 0, sales: 0, returns: 0, byMethod: [] });
      const sales = await this.ds.query(
        `SELECT shift_id, count(*)::int AS count, sum(total)::bigint AS sales FROM sales_invoices
          WHERE shift_id = ANY($1) GROUP BY shift_id`,
        [ids],
      );
      for (const r of sales)
        Object.assign(totals.get(r.shift_id)!, { invoiceCount: r.count, sales: n(r.sales) });
      const returns = await this.ds.query(
        `SELECT shift_id, sum(total)::bigint AS returns FROM sale_returns WHERE shift_id = ANY($1) GROUP BY shift_id`,
        [ids],
      );
      for (const r of returns) totals.get(r.shift_id)!.returns = n(r.returns);
      const methods = await this.ds.query(
        `SELECT p.shift_id, m.id, m.name_ar, sum(CASE WHEN p.kind = 'refund' THEN -p.amount ELSE p.amount END)::bigint AS amount
           FROM sale_payments p JOIN payment_methods m ON m.id = p.method_id
          WHERE p.shift_id = ANY($1) GROUP BY p.shift_id, m.id, m.name_ar, m.sort_order ORDER BY m.sort_order`,
        [ids],
      );
      for (const r of methods)
        totals
          .get(r.shift_id)!
          .byMethod.push({ methodId: r.id, methodName: r.name_ar, amount: n(r.amount) });
    }
    return shifts.map((s: Record<string, unknown>) => ({
      shiftId: s.id as string,
      register: Number(s.register),
      cashierId: s.cashier_id as string,
      cashierName: (s.cashier as string) ?? '',
      openedAt: (s.opened_at as Date).toISOString(),
      openingCash: n(s.opening_cash),
      ...(totals.has(s.id as string) ? { totals: totals.get(s.id as string) } : {}),
    }));
  }
}
