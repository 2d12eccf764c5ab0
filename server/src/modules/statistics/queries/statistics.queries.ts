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
import { ReplicaReads } from '../../../core/database/replica-reads';
import { variantRowsSql } from '../../reports';
import { readStoreTimeZone } from '../../settings';
import {
  addDays,
  branchFor,
  can,
  comparePeriod,
  dayIn,
  resolvePeriod,
  type Period,
} from './period';

const num = (v: unknown) => Number(v ?? 0);
const TOP = 10;

// Read from the report aggregates (modules/reports): days are the store's, returns count on the
// day they were taken; profit is before VAT, as in the sales reports.
const DAYS_AND_BRANCH = `a.day BETWEEN $1::date AND $2::date AND ($3::uuid IS NULL OR a.branch_id = $3)`;
const REVENUE = `sum(a.total - a.returned_total)::bigint`;
const PROFIT = `sum(a.total - a.vat - a.cost - (a.returned_total - a.returned_vat - a.returned_cost))::bigint`;

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
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly reads: ReplicaReads,
  ) {}

  async statistics(query: StatisticsQueryDto, user: AuthUser): Promise<StatisticsDto> {
    const tz = await readStoreTimeZone(this.ds);
    const period = resolvePeriod(user, tz, query);
    const compare = query.compare ?? 'year';
    const before = comparePeriod(period, compare);
    const branchId = branchFor(user, query.branchId);
    const seeProfit = can(user, 'can_see_profit');
    const today = dayIn(tz);

    const [days, prevDays, cur, prev, { products, categories }] = await Promise.all([
      this.days(period, branchId),
      this.days(before, branchId),
      this.units(period, branchId),
      this.units(before, branchId),
      this.top(period, branchId, today),
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
      out.branches = await this.branches(period, before, seeProfit);
    return out;
  }

  /** Invoices, revenue and profit per business day of the period (every day, zeros included). */
  private async days(p: Period, branchId: string | null): Promise<DayRow[]> {
    const rows = await this.reads.query<Record<string, unknown>[]>(
      `SELECT to_char(g.day, 'YYYY-MM-DD') AS day, COALESCE(a.n, 0) AS count,
              COALESCE(a.rev, 0) AS revenue, COALESCE(a.prof, 0) AS profit
         FROM generate_series($1::date, $2::date, interval '1 day') AS g(day)
         LEFT JOIN (SELECT a.day, sum(a.invoices)::int AS n, ${REVENUE} AS rev, ${PROFIT} AS prof
                      FROM report_sales_hourly a WHERE ${DAYS_AND_BRANCH} GROUP BY a.day) a
           ON a.day = g.day::date
        ORDER BY g.day`,
      [p.from, p.to, branchId],
    );
    return rows.map((r: Record<string, unknown>) => ({
      day: r.day as string,
      count: num(r.count),
      revenue: num(r.revenue),
      profit: num(r.profit),
    }));
  }

  /** Units sold on the period's invoices (for items per sale). */
  private async units(p: Period, branchId: string | null): Promise<number> {
    const [row] = await this.reads.query(
      `SELECT COALESCE(sum(a.items), 0) AS units FROM report_sales_hourly a WHERE ${DAYS_AND_BRANCH}`,
      [p.from, p.to, branchId],
    );
    return num(row.units);
  }

  /**
   * The ten products and the ten categories with the most revenue: the period's lines less the
   * period's returns of such lines (the variants' aggregates, read once for both), profit before VAT.
   */
  private async top(
    p: Period,
    branchId: string | null,
    today: string,
  ): Promise<{ products: StatisticsRankRow[]; categories: StatisticsRankRow[] }> {
    const params: unknown[] = [];
    const bind = (value: unknown) => `$${params.push(value)}`;
    const branch = branchId ? `a.branch_id = ${bind(branchId)}::uuid` : 'TRUE';
    const source = variantRowsSql({ from: p.from, to: p.to, today }, bind, branch);
    const ranked = (key: string, names: string, nameCols: string) =>
      `(SELECT COALESCE(json_agg(x), '[]') FROM (
          SELECT t.id, ${nameCols}, t.qty, t.rev, t.prof
            FROM (SELECT j.${key} AS id, sum(j.qty) AS qty, sum(j.rev) AS rev, sum(j.prof) AS prof FROM j GROUP BY 1) t
            LEFT JOIN ${names} x ON x.id = t.id
           ORDER BY t.rev DESC, name LIMIT ${TOP}) x)`;
    const [row] = await this.reads.query(
      `WITH v AS (
              SELECT a.variant_id, sum(a.quantity - a.returned_quantity) AS qty,
                     sum(a.revenue - a.returned_amount)::bigint AS rev,
                     sum(a.revenue - a.vat - a.cost - (a.returned_amount - a.returned_vat - a.returned_cost))::bigint AS prof
                FROM (${source}) a GROUP BY a.variant_id
              -- a month row less the days left out can leave a variant with nothing in the period
              HAVING sum(a.lines) <> 0 OR sum(a.returned_quantity) <> 0),
            j AS MATERIALIZED (
              SELECT v.*, pr.id AS product_id, pr.category_id
                FROM v JOIN variants vr ON vr.id = v.variant_id JOIN products pr ON pr.id = vr.product_id)
       SELECT ${ranked('product_id', 'products', 'x.name_ar AS name, x.name_en')} AS products,
              ${ranked('category_id', 'categories', 'x.name, x.name_en')} AS categories`,
      params,
    );
    const shape = (r: Record<string, unknown>): StatisticsRankRow => ({
      id: (r.id as string | null) ?? '',
      name: (r.name as string | null) ?? '',
      nameEn: (r.name_en as string | null) ?? null,
      quantity: num(r.qty),
      revenue: num(r.rev),
      profit: num(r.prof),
    });
    return {
      products: (row.products as Record<string, unknown>[]).map(shape),
      categories: (row.categories as Record<string, unknown>[]).map(shape),
    };
  }

  /** Every branch's invoices, revenue (and profit) in the period and its revenue in the compared one. */
  private async branches(
    p: Period,
    before: Period,
    seeProfit: boolean,
  ): Promise<StatisticsBranchRow[]> {
    const sums = (q: Period) =>
      this.reads.query(
        `SELECT b.id, b.name, COALESCE(a.n, 0) AS n, COALESCE(a.rev, 0) AS rev, COALESCE(a.prof, 0) AS prof
           FROM branches b
           LEFT JOIN (SELECT a.branch_id, sum(a.invoices)::int AS n, ${REVENUE} AS rev, ${PROFIT} AS prof
                        FROM report_sales_hourly a WHERE a.day BETWEEN $1::date AND $2::date GROUP BY a.branch_id) a
             ON a.branch_id = b.id
          ORDER BY rev DESC, b.name`,
        [q.from, q.to],
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
