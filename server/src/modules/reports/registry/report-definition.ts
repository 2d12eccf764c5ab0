import type {
  Locale,
  PermissionKey,
  ReportChartDto,
  ReportColumnType,
  ReportFilter,
  ReportGrouping,
  ReportParty,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';

/** The filters after the permission rules (see ReportRunner.resolve). */
export type ResolvedFilters = {
  /** first and last day, store time zone, inclusive (YYYY-MM-DD) */
  from: string;
  to: string;
  /** null: every branch (only for users who see every branch) */
  branchId: string | null;
  cashierId: string | null;
  categoryId: string | null;
  methodId: string | null;
  groupBy: ReportGrouping | null;
  /** the stock movement report's variant */
  variantId?: string | null;
  /** dead stock's days without a sale */
  days?: number | null;
  /** balances: customers or vendors only */
  party?: ReportParty | null;
};

/** What a report's query is built from. */
export type ReportContext = {
  filters: ResolvedFilters;
  locale: Locale;
  user: AuthUser;
  /** the store's time zone (IANA name) */
  timeZone: string;
  /** the store's day now (YYYY-MM-DD) */
  today: string;
  /** binds a value as the next $n parameter and answers its placeholder */
  p: (value: unknown) => string;
};

export type ReportColumn = {
  key: string;
  type: ReportColumnType;
  /** shown only with can_see_profit (the value never leaves the server otherwise) */
  profit?: boolean;
  /** a figure at cost (shown only with can_see_buy_price; the value never leaves the server otherwise) */
  buyPrice?: boolean;
  /**
   * its figure in the totals row, an SQL aggregate over the report's rows (alias-free column
   * names of the query); `'sum'` = sum(key). None: blank in the totals row.
   */
  total?: 'sum' | string;
};

/**
 * One report of /api/Reports/{key} (docs/reports-aggregates in /work/notes, docs/decisions/):
 * its permission keys (all needed, besides the shaping keys every report applies), the filters it
 * takes, its columns, a default order and a query over the aggregates.
 */
export type ReportDefinition = {
  key: string;
  permissions: PermissionKey[];
  filters: ReportFilter[];
  columns: ReportColumn[];
  /** a column key; `-key` descending */
  sort: string;
  /**
   * Columns the query selects but the report does not show, ordered by right after the sort column
   * (rows with the same shown value keep their real order: the stock movements within a second).
   */
  tieBreak?: string[];
  chart?: ReportChartDto;
  /** headings of the exported workbook (title = the key, columns by key) when not in exports/labels.ts */
  labels?: Record<Locale, Record<string, string>>;
  /**
   * The rows: one SELECT whose output column names are the column keys (plus any hidden helper
   * columns). Use `ctx.p(value)` for every value; read aggregates, not raw lines.
   */
  query: (ctx: ReportContext) => string;
  /**
   * Columns looked up only for the rows shown (a page of the screen, every row of an export), for
   * look-ups too costly for every row of a long report: `select(ctx, rows)` answers a SELECT of the
   * `rows` source (every column of the query) with the `keys` columns added. They take no total;
   * sorting by one of them looks them up for every row first.
   */
  late?: { keys: string[]; select: (ctx: ReportContext, rows: string) => string };
};
