import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type {
  StatisticsBranchRow,
  StatisticsDto,
  StatisticsFigures,
  StatisticsQueryDto,
  StatisticsRankRow,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { readStoreTimeZone } from '../../settings';
import { addDays, branchFor, can, comparePeriod, resolvePeriod, type Period } from './period';

const num = (v: unknown) => Number(v ?? 0);
const TOP = 10;

/** The moments bounding business days $1..$2 in time zone $3 (half-open). */
const IN_DAYS = (col: string) =>
  `${col} >= ($1::date)::timestamp AT TIME ZONE $3 AND ${col} < ($2::date + 1)::timestamp AT TIME ZONE $3`;
const BRANCH = (col: string) => `($4::uuid IS NULL OR ${col} = $4)`;

/** Percentage change, one decimal; null when there is nothing to compare with. */
export const growth = (now: number, before: number): number | null =>
  before === 0 ? null : Math.round(((now - before) * 1000) / Math.abs(before)) / 10;

type DayRow = { day: string; count: number; revenue: number; profit: number };

/**
 * The owner's statistics page (issue 19 item 2): revenue (invoices less returns, by the day each
 * happened), profit, average basket, items per sale, top products and categories and a branch
 * comparison over a period and the same days a year or a month earlier.
 */
@Injectable()
export class StatisticsQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async statistics(query: StatisticsQueryDto, user: AuthUser): Promise<StatisticsDto> {
    const tz = await readStoreTimeZone(this.ds);
    const period = resolvePeriod(user, tz, query);
    const compare = query.compare ?? 'year';
    const before = comparePeriod(period, compare);
    const branchId = branchFor(user, query.branchId);
    const seeProfit = can(user, 'can_see_profit');

    const [days, prevDays, cur, prev, products, categories] = await Promise.all([
      this.days(period, tz, branchId),
      this.days(before, tz, branchId),
      this.units(period, tz, branchId),
      this.units(before, tz, branchId),
      this.top(period, tz, branchId, 'product'),
      this.top(period, tz, branchId, 'category'),
    ]);
    const figures = (rows: DayRow[], units: number): StatisticsFigures => {
      const invoiceCount = rows.reduce((s, d) => s + d.count, 0);
      const revenue = rows.reduce((s, d) => s + d.revenue, 0);
      const profit = rows.reduce((s, d) => s + d.profit, 0);
      return {
        invoiceCount,
        revenue,
        ...(seeProfit ? { profit } : {}),
        averageBasket: invoiceCount ? Math.round(revenue / invoiceCount) : 0,
        itemsPerSale: invoiceCount ? Math.round((units * 1000) / invoiceCount) / 1000 : 0,
      };
    };
    const current = figures(days, cur);
    const previous = figures(prevDays, prev);
    const strip = (r: StatisticsRankRow): StatisticsRankRow =>
      seeProfit ? r : { ...r, profit: undefined };

    const out: StatisticsDto = {
      from: period.from,
      to: period.to,
      compareFrom: before.from,
      compareTo: before.to,
      compare,
      branchId,
      current,
      previous,
      growth: {
        revenue: growth(current.revenue, previous.revenue),
        invoiceCount: growth(current.invoiceCount, previous.invoiceCount),
        ...(seeProfit ? { profit: growth(current.profit ?? 0, previous.profit ?? 0) } : {}),
      },
      // Day i of the period against day i of the compared one (a shorter compared month ends early).
      trend: days.map((d, i) => ({
        day: d.day,
        revenue: d.revenue,
        compareDay: prevDays[i]?.day ?? addDays(before.to, i - before.days + 1),
        compareRevenue: prevDays[i]?.revenue ?? 0,
        ...(seeProfit ? { profit: d.profit, compareProfit: prevDays[i]?.profit ?? 0 } : {}),
      })),
      topProducts: products.map(strip),
      topCategories: categories.map(strip),
    };
    if (can(user, 'can_see_branches'))
      out.branches = await this.branches(period, before, tz, seeProfit);
    return out;
  }

  /** Invoices, revenue and profit per business day of the period (every day, zeros included). */
  private async days(p: Period, tz: string, branchId: string | null): Promise<DayRow[]> {
    const rows = await this.ds.query(
      `WITH s AS (SELECT (created_at AT TIME ZONE $3)::date AS day, count(*)::int AS n,
                         sum(total)::bigint AS rev, sum(total - cost_total)::bigint AS prof
                    FROM sales_invoices WHERE ${IN_DAYS('created_at')} AND ${BRANCH('branch_id')} GROUP BY 1),
            r AS (SELECT (created_at AT TIME ZONE $3)::date AS day,
                         sum(total)::bigint AS rev, sum(total - cost_total)::bigint AS prof
                    FROM sale_returns WHERE ${IN_DAYS('created_at')} AND ${BRANCH('branch_id')} GROUP BY 1)
       SELECT to_char(g.day, 'YYYY-MM-DD') AS day, COALESCE(s.n, 0) AS count,
              (COALESCE(s.rev, 0) - COALESCE(r.rev, 0))::bigint AS revenue,
              (COALESCE(s.prof, 0) - COALESCE(r.prof, 0))::bigint AS profit
         FROM generate_series($1::date, $2::date, interval '1 day') AS g(day)
         LEFT JOIN s ON s.day = g.day::date LEFT JOIN r ON r.day = g.day::date
        ORDER BY g.day`,
      [p.from, p.to, tz, branchId],
    );
    return rows.map((r: Record<string, unknown>) => ({
      day: r.day as string,
      count: num(r.count),
      revenue: num(r.revenue),
      profit: num(r.profit),
    }));
  }

  /** Units sold on the period's invoices (for items per sale). */
  private async units(p: Period, tz: string, branchId: string | null): Promise<number> {
    const [row] = await this.ds.query(
      `SELECT COALESCE(sum(l.quantity), 0)::numeric AS units
         FROM sale_lines l JOIN sales_invoices i ON i.id = l.invoice_id
        WHERE ${IN_DAYS('i.created_at')} AND ${BRANCH('i.branch_id')}`,
      [p.from, p.to, tz, branchId],
    );
    return num(row.units);
  }

  /**
   * The ten products (or categories) with the most revenue: the period's lines less the period's
   * returns of such lines, profit at the line's cost.
   */
  private async top(
    p: Period,
    tz: string,
    branchId: string | null,
    by: 'product' | 'category',
  ): Promise<StatisticsRankRow[]> {
    const key = by === 'product' ? 'pr.id' : 'pr.category_id';
    const rows = await this.ds.query(
      `WITH sold AS (
              SELECT ${key} AS id, sum(l.quantity) AS qty, sum(l.line_total)::bigint AS rev,
                     sum(l.line_total - round(l.quantity * l.unit_cost))::bigint AS prof
                FROM sale_lines l JOIN sales_invoices i ON i.id = l.invoice_id
                JOIN variants v ON v.id = l.variant_id JOIN products pr ON pr.id = v.product_id
               WHERE ${IN_DAYS('i.created_at')} AND ${BRANCH('i.branch_id')} GROUP BY 1),
            back AS (
              SELECT ${key} AS id, sum(rl.quantity) AS qty, sum(rl.amount)::bigint AS rev,
                     sum(rl.amount - round(rl.quantity * l.unit_cost))::bigint AS prof
                FROM sale_return_lines rl JOIN sale_returns r ON r.id = rl.return_id
                JOIN sale_lines l ON l.id = rl.sale_line_id
                JOIN variants v ON v.id = l.variant_id JOIN products pr ON pr.id = v.product_id
               WHERE ${IN_DAYS('r.created_at')} AND ${BRANCH('r.branch_id')} GROUP BY 1),
            net AS (
              SELECT id, sum(qty) AS qty, sum(rev) AS rev, sum(prof) AS prof
                FROM (SELECT * FROM sold UNION ALL SELECT id, -qty, -rev, -prof FROM back) x GROUP BY id)
       SELECT net.id, ${by === 'product' ? 'x.name_ar AS name, x.name_en' : 'x.name, x.name_en'},
              net.qty, net.rev, net.prof
         FROM net LEFT JOIN ${by === 'product' ? 'products' : 'categories'} x ON x.id = net.id
        ORDER BY net.rev DESC, name LIMIT ${TOP}`,
      [p.from, p.to, tz, branchId],
    );
    return rows.map((r: Record<string, unknown>) => ({
      id: (r.id as string | null) ?? '',
      name: (r.name as string | null) ?? '',
      nameEn: (r.name_en as string | null) ?? null,
      quantity: num(r.qty),
      revenue: num(r.rev),
      profit: num(r.prof),
    }));
  }

  /** Every branch's invoices, revenue (and profit) in the period and its revenue in the compared one. */
  private async branches(
    p: Period,
    before: Period,
    tz: string,
    seeProfit: boolean,
  ): Promise<StatisticsBranchRow[]> {
    const sums = (q: Period) =>
      this.ds.query(
        `WITH s AS (SELECT branch_id, count(*)::int AS n, sum(total)::bigint AS rev, sum(total - cost_total)::bigint AS prof
                      FROM sales_invoices WHERE ${IN_DAYS('created_at')} GROUP BY 1),
              r AS (SELECT branch_id, sum(total)::bigint AS rev, sum(total - cost_total)::bigint AS prof
                      FROM sale_returns WHERE ${IN_DAYS('created_at')} GROUP BY 1)
         SELECT b.id, b.name, COALESCE(s.n, 0) AS n,
                (COALESCE(s.rev, 0) - COALESCE(r.rev, 0))::bigint AS rev,
                (COALESCE(s.prof, 0) - COALESCE(r.prof, 0))::bigint AS prof
           FROM branches b LEFT JOIN s ON s.branch_id = b.id LEFT JOIN r ON r.branch_id = b.id
          ORDER BY rev DESC, b.name`,
        [q.from, q.to, tz],
      ) as Promise<Record<string, unknown>[]>;
    const [now, then] = await Promise.all([sums(p), sums(before)]);
    const prior = new Map(then.map((r) => [r.id as string, num(r.rev)]));
    return now.map((r) => ({
      branchId: r.id as string,
      branchName: r.name as string,
      invoiceCount: num(r.n),
      revenue: num(r.rev),
      ...(seeProfit ? { profit: num(r.prof) } : {}),
      compareRevenue: prior.get(r.id as string) ?? 0,
    }));
  }
}
