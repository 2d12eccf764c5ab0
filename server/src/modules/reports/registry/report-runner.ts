import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type {
  Locale,
  ReportColumnDto,
  ReportQueryDto,
  ReportResultDto,
  ReportRow,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { branchReadScope } from '../../../core/auth/branch-scope';
import { ReplicaReads } from '../../../core/database/replica-reads';
import { Errors } from '../../../core/errors/app.exception';
import { readStoreTimeZone } from '../../settings';
import type {
  ReportColumn,
  ReportContext,
  ReportDefinition,
  ResolvedFilters,
} from './report-definition';
import { ReportRegistry } from './report-registry';

/** A report ready to run: its SQL (rows in order, visible columns only) and parameters. */
export type PreparedReport = {
  definition: ReportDefinition;
  filters: ResolvedFilters;
  columns: ReportColumn[];
  /** SELECT of the visible columns, ordered, from a source (`(base)` or a CTE's name) */
  select: (source: string) => string;
  /** select(`(base)`): the rows to export */
  sql: string;
  /** the report's own rows (all columns but the late ones), for counts and totals */
  base: string;
  /** the page's rows from the ordered, limited source of base's rows, the late columns added */
  page: (limit: number, offset: number) => string;
  params: unknown[];
  showTotals: boolean;
};

const DEFAULT_LIMIT = 200;

/**
 * Runs a registered report for a user: applies the shaping permission keys on the server (period
 * only with can_use_date_filter, else today; another branch only with can_see_branches, else
 * the user's; profit columns only with can_see_profit; totals only with can_see_totals) and
 * answers columns + rows + totals in one statement.
 */
@Injectable()
export class ReportRunner {
  constructor(
    private readonly registry: ReportRegistry,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly reads: ReplicaReads,
  ) {}

  async prepare(
    key: string,
    dto: ReportQueryDto,
    user: AuthUser,
    locale: Locale,
  ): Promise<PreparedReport> {
    const definition = this.registry.get(key);
    if (!definition) throw Errors.notFound();
    if (!definition.permissions.every((k) => user.permissions.includes(k)))
      throw Errors.forbidden();
    const timeZone = await readStoreTimeZone(this.ds);
    const [{ today }] = await this.reads.query(
      `SELECT to_char((now() AT TIME ZONE $1)::date, 'YYYY-MM-DD') AS today`,
      [timeZone],
    );
    const filters = resolveFilters(definition, dto, user, today);
    const params: unknown[] = [];
    const p = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const ctx: ReportContext = { filters, locale, user, timeZone, today, p };
    const query = definition.query(ctx);
    const canProfit = user.permissions.includes('can_see_profit');
    const canBuyPrice = user.isAdmin || user.permissions.includes('can_see_buy_price');
    const columns = definition.columns.filter(
      (c) => (!c.profit || canProfit) && (!c.buyPrice || canBuyPrice),
    );
    const order = orderBy(dto.sort, definition.sort, columns, definition.tieBreak);
    const select = (source: string) =>
      `SELECT ${columns.map((c) => `q."${c.key}"`).join(', ')} FROM ${source} q ORDER BY ${order}`;
    const late = definition.late;
    const sortKey = (dto.sort ?? definition.sort).replace(/^-/, '');
    // Late columns are looked up for the page's rows only, unless the rows are sorted by one.
    const lateFirst = late && late.keys.includes(sortKey);
    const base = late && lateFirst ? late.select(ctx, `(${query})`) : query;
    const early = columns.filter((c) => !late?.keys.includes(c.key));
    const pageOrder = late ? orderBy(dto.sort, definition.sort, early, definition.tieBreak) : order;
    const page = (limit: number, offset: number) => {
      const rows = `(SELECT * FROM q ORDER BY ${pageOrder} LIMIT ${limit} OFFSET ${offset})`;
      return select(late && !lateFirst ? `(${late.select(ctx, rows)})` : rows);
    };
    return {
      definition,
      filters,
      columns,
      select,
      sql: select(`(${late && !lateFirst ? late.select(ctx, `(${query})`) : base})`),
      base,
      page,
      params,
      showTotals: user.permissions.includes('can_see_totals'),
    };
  }

  async run(
    key: string,
    dto: ReportQueryDto,
    user: AuthUser,
    locale: Locale,
  ): Promise<ReportResultDto> {
    const r = await this.prepare(key, dto, user, locale);
    const limit = dto.limit ?? DEFAULT_LIMIT;
    const offset = dto.offset ?? 0;
    const totals = r.showTotals ? totalsSql(r.columns) : null;
    const [row] = await this.reads.query(
      `WITH q AS MATERIALIZED (${r.base})
       SELECT (SELECT count(*)::int FROM q) AS count,
              (SELECT COALESCE(json_agg(x), '[]') FROM (${r.page(limit, offset)}) x) AS rows,
              ${totals ? `(SELECT json_build_object(${totals}) FROM q)` : 'NULL'} AS totals`,
      r.params,
    );
    return {
      key: r.definition.key,
      filters: r.filters,
      columns: r.columns.map((c): ReportColumnDto => ({
        key: c.key,
        type: c.type,
        ...(c.profit ? { profit: true } : {}),
      })),
      rows: row.rows as ReportRow[],
      count: row.count,
      totals: (row.totals as ReportRow | null) ?? null,
      chart: chartFor(r.definition, r.columns),
      generatedAt: new Date().toISOString(),
    };
  }
}

/** The filters a user gets: the permission rules first, then what the report takes. */
export function resolveFilters(
  d: ReportDefinition,
  dto: ReportQueryDto,
  user: AuthUser,
  today: string,
): ResolvedFilters {
  const takes = (f: string) => d.filters.includes(f as never);
  let from = today;
  let to = today;
  if (takes('period') && user.permissions.includes('can_use_date_filter')) {
    from = dto.from ?? dto.to ?? today;
    to = dto.to ?? dto.from ?? today;
    if (from > to) [from, to] = [to, from];
  }
  const scope = branchReadScope(user);
  const branchId = scope ?? (takes('branch') ? (dto.branchId ?? null) : null);
  return {
    from,
    to,
    branchId,
    cashierId: takes('cashier') ? (dto.cashierId ?? null) : null,
    categoryId: takes('category') ? (dto.categoryId ?? null) : null,
    methodId: takes('method') ? (dto.methodId ?? null) : null,
    groupBy: takes('groupBy') ? (dto.groupBy ?? 'day') : null,
    ...(takes('variant') ? { variantId: dto.variantId ?? null } : {}),
    ...(takes('days') ? { days: dto.days ?? 30 } : {}),
    ...(takes('party') ? { party: dto.party ?? null } : {}),
  };
}

function orderBy(
  sort: string | undefined,
  fallback: string,
  columns: ReportColumn[],
  tieBreak: string[] = [],
): string {
  const pick = (s: string | undefined) => {
    if (!s) return null;
    const desc = s.startsWith('-');
    const key = desc ? s.slice(1) : s;
    return columns.some((c) => c.key === key)
      ? `q."${key}" ${desc ? 'DESC' : 'ASC'} NULLS LAST`
      : null;
  };
  const first = pick(sort) ?? pick(fallback) ?? '1';
  // A stable order for paging and the export: every visible column after the chosen one.
  return [first, ...[...tieBreak, ...columns.map((c) => c.key)].map((key) => `q."${key}"`)].join(
    ', ',
  );
}

function totalsSql(columns: ReportColumn[]): string {
  const parts = columns
    .filter((c) => c.total)
    .map((c) => `'${c.key}', ${c.total === 'sum' ? `sum(q."${c.key}")` : c.total}`);
  return parts.length ? parts.join(', ') : `'count', count(*)`;
}

function chartFor(d: ReportDefinition, columns: ReportColumn[]): ReportResultDto['chart'] {
  if (!d.chart) return null;
  const visible = new Set(columns.map((c) => c.key));
  const series = d.chart.series.filter((s) => visible.has(s));
  return series.length ? { ...d.chart, series } : null;
}
