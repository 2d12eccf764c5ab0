import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  PERFORMANCE_MIN_HOURS,
  type PerformanceDto,
  type PerformanceQueryDto,
  type PerformanceRowDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { ReplicaReads } from '../../../core/database/replica-reads';
import { readStoreTimeZone } from '../../settings';
import { branchFor, can, resolvePeriod } from './period';

const num = (v: unknown) => Number(v ?? 0);
const oneDecimal = (v: number) => Math.round(v * 10) / 10;

const IN_DAYS = (col: string) =>
  `${col} >= ($1::date)::timestamp AT TIME ZONE $3 AND ${col} < ($2::date + 1)::timestamp AT TIME ZONE $3`;
const BRANCH = (col: string) => `($4::uuid IS NULL OR ${col} = $4)`;

/**
 * Staff performance (issue 19 item 3), one row per employee and branch: their invoices, the returns
 * they took, the discounts they gave against their cap, voids (invoices fully returned in the shift
 * they were sold in), their shifts' cash differences and hours, sales per hour; ranked by amount.
 */
@Injectable()
export class PerformanceQueries {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly reads: ReplicaReads,
  ) {}

  async performance(query: PerformanceQueryDto, user: AuthUser): Promise<PerformanceDto> {
    const tz = await readStoreTimeZone(this.ds);
    const period = resolvePeriod(user, tz, query);
    const branchId = branchFor(user, query.branchId);
    const rows = await this.reads.query<Record<string, unknown>[]>(
      `WITH s AS (
              SELECT a.cashier_id AS uid, a.branch_id AS bid, sum(a.invoices)::int AS n, sum(a.total)::bigint AS amount,
                     sum(a.total - a.vat - a.cost)::bigint AS profit,
                     sum(a.line_discounts + a.invoice_discounts)::bigint AS disc, sum(a.subtotal)::bigint AS gross
                FROM report_sales_hourly a
               WHERE a.day BETWEEN $1::date AND $2::date AND ${BRANCH('a.branch_id')} AND a.invoices > 0 GROUP BY 1, 2),
            r AS (
              SELECT a.cashier_id AS uid, a.branch_id AS bid, sum(a.returns)::int AS n, sum(a.returned_total)::bigint AS amount,
                     sum(a.returned_total - a.returned_vat - a.returned_cost)::bigint AS profit
                FROM report_sales_hourly a
               WHERE a.day BETWEEN $1::date AND $2::date AND ${BRANCH('a.branch_id')} AND a.returns > 0 GROUP BY 1, 2),
            -- Per invoice, so from the invoices themselves (by their time index), only those that
            -- can matter: the largest discount among discounted invoices, and the voids among the
            -- fully returned ones (returned within the shift they were sold in).
            mx AS (
              SELECT i.cashier_id AS uid, i.branch_id AS bid,
                     max((i.line_discount_total + i.invoice_discount)::numeric * 100 / i.subtotal) AS max_pct
                FROM sales_invoices i
               WHERE ${IN_DAYS('i.created_at')} AND ${BRANCH('i.branch_id')}
                 AND i.line_discount_total + i.invoice_discount > 0 AND i.subtotal > 0
               GROUP BY 1, 2),
            vd AS (
              SELECT i.cashier_id AS uid, i.branch_id AS bid, count(*)::int AS voids
                FROM sales_invoices i
               WHERE ${IN_DAYS('i.created_at')} AND ${BRANCH('i.branch_id')} AND i.status = 'returned'
                 AND NOT EXISTS (SELECT 1 FROM sale_returns x WHERE x.invoice_id = i.id AND x.shift_id IS DISTINCT FROM i.shift_id)
               GROUP BY 1, 2),
            sh AS (
              SELECT cashier_id AS uid, branch_id AS bid, count(*) FILTER (WHERE status = 'closed')::int AS n,
                     COALESCE(sum(difference) FILTER (WHERE status = 'closed'), 0)::bigint AS diff,
                     COALESCE(sum(extract(epoch FROM (COALESCE(closed_at, now()) - opened_at))), 0) AS secs
                FROM shifts WHERE ${IN_DAYS('opened_at')} AND ${BRANCH('branch_id')} GROUP BY 1, 2),
            k AS (SELECT uid, bid FROM s UNION SELECT uid, bid FROM r UNION SELECT uid, bid FROM sh UNION SELECT uid, bid FROM mx UNION SELECT uid, bid FROM vd)
       SELECT k.uid, k.bid, COALESCE(NULLIF(u.display_name, ''), u.username, '') AS user_name,
              COALESCE(u.max_discount_percent, 0) AS cap, b.name AS branch_name,
              COALESCE(s.n, 0) AS sales_n, COALESCE(s.amount, 0) AS sales_amount, COALESCE(s.profit, 0) AS sales_profit,
              COALESCE(s.disc, 0) AS disc, COALESCE(s.gross, 0) AS gross, COALESCE(mx.max_pct, 0) AS max_pct,
              COALESCE(vd.voids, 0) AS voids, COALESCE(r.n, 0) AS ret_n, COALESCE(r.amount, 0) AS ret_amount,
              COALESCE(r.profit, 0) AS ret_profit, COALESCE(sh.n, 0) AS shift_n, COALESCE(sh.diff, 0) AS diff,
              COALESCE(sh.secs, 0) AS secs
         FROM k LEFT JOIN s ON s.uid = k.uid AND s.bid = k.bid LEFT JOIN r ON r.uid = k.uid AND r.bid = k.bid
         LEFT JOIN sh ON sh.uid = k.uid AND sh.bid = k.bid LEFT JOIN mx ON mx.uid = k.uid AND mx.bid = k.bid
         LEFT JOIN vd ON vd.uid = k.uid AND vd.bid = k.bid
         LEFT JOIN users u ON u.id = k.uid LEFT JOIN branches b ON b.id = k.bid`,
      [period.from, period.to, tz, branchId],
    );
    const seeProfit = can(user, 'can_see_profit');
    const out: PerformanceRowDto[] = rows.map((r) => {
      const salesCount = num(r.sales_n);
      const salesAmount = num(r.sales_amount);
      const hours = num(r.secs) / 3600;
      const cap = num(r.cap);
      const maxPct = oneDecimal(num(r.max_pct));
      return {
        rank: 0,
        userId: r.uid as string,
        userName: r.user_name as string,
        branchId: r.bid as string,
        branchName: (r.branch_name as string | null) ?? '',
        salesCount,
        salesAmount,
        averageBasket: salesCount ? Math.round(salesAmount / salesCount) : 0,
        returnsCount: num(r.ret_n),
        returnsAmount: num(r.ret_amount),
        discounts: num(r.disc),
        discountPercent: num(r.gross) ? oneDecimal((num(r.disc) * 100) / num(r.gross)) : 0,
        maxDiscountPercent: maxPct,
        discountCap: cap,
        capUsedPercent: cap > 0 ? oneDecimal((maxPct * 100) / cap) : null,
        voids: num(r.voids),
        shiftCount: num(r.shift_n),
        cashDifference: num(r.diff),
        hoursWorked: Math.round(hours * 100) / 100,
        salesPerHour: hours >= PERFORMANCE_MIN_HOURS ? Math.round(salesAmount / hours) : null,
        ...(seeProfit ? { profit: num(r.sales_profit) - num(r.ret_profit) } : {}),
      };
    });
    out.sort(
      (a, b) =>
        b.salesAmount - a.salesAmount ||
        b.salesCount - a.salesCount ||
        a.userName.localeCompare(b.userName),
    );
    out.forEach((row, i) => (row.rank = i + 1));
    return { from: period.from, to: period.to, branchId, rows: out };
  }
}
