import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import type { PermissionKey } from '../permissions';
import { IsCalendarDate } from './calendar-date';

// The sales reports (issue 19 item 1) and their framework: one endpoint family
// `/api/Reports/{key}` answering columns + rows (+ totals) read from the report aggregates.
// Amounts are integer piasters, quantities decimals; labels are the client's (`reports:columns.*`).

/** The filters a report can take (each report lists the ones it uses). */
export const REPORT_FILTERS = [
  'period',
  'branch',
  'cashier',
  'category',
  'method',
  'groupBy',
  /** one variant (the stock movement report) */
  'variant',
  /** a number of days (dead stock: no sale in N days) */
  'days',
  /** customers, vendors or both (balances) */
  'party',
] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

export const REPORT_PARTIES = ['customer', 'vendor'] as const;
export type ReportParty = (typeof REPORT_PARTIES)[number];

export const REPORT_GROUPINGS = ['day', 'week', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

export const REPORT_COLUMN_TYPES = [
  'text',
  'date',
  'money',
  'quantity',
  'count',
  'percent',
  'hour',
  /** the row's id (a variant, a user, a method…): for links, never shown or exported */
  'id',
] as const;
export type ReportColumnType = (typeof REPORT_COLUMN_TYPES)[number];

/** Rows one JSON answer carries at most (the export has no limit: it streams). */
export const REPORT_MAX_PAGE = 1000;

export class ReportQueryDto {
  /** first day (store time zone); needs can_use_date_filter, else today */
  @IsOptional() @IsCalendarDate() from?: string;
  @IsOptional() @IsCalendarDate() to?: string;
  /** needs can_see_branches for another branch than the user's; none = every branch the user sees */
  @IsOptional() @IsUUID() branchId?: string;
  @IsOptional() @IsUUID() cashierId?: string;
  @IsOptional() @IsUUID() categoryId?: string;
  @IsOptional() @IsUUID() methodId?: string;
  @IsOptional() @IsIn(REPORT_GROUPINGS) groupBy?: ReportGrouping;
  @IsOptional() @IsUUID() variantId?: string;
  /** dead stock: no sale in this many days (default 30) */
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(3650) days?: number;
  @IsOptional() @IsIn(REPORT_PARTIES) party?: ReportParty;
  /** a column key; `-key` descending */
  @IsOptional() @IsString() @MaxLength(40) sort?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) offset?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(REPORT_MAX_PAGE) limit?: number;
  @IsOptional() @IsIn(['json', 'xlsx'] as const) format?: 'json' | 'xlsx';
}

export type ReportColumnDto = {
  key: string;
  type: ReportColumnType;
  /** a profit figure (shown only with can_see_profit) */
  profit?: boolean;
};

export type ReportChartDto = {
  kind: 'bar' | 'line' | 'pie' | 'heatmap';
  /** the column of the categories (x axis, slice label; heat map: the rows) */
  x: string;
  /** the value columns (heat map: one value, the x is hour, `y` the row) */
  series: string[];
  y?: string;
};

export type ReportRow = Record<string, string | number | null>;

export type ReportResultDto = {
  key: string;
  /** the filters as applied (after the permission rules: today only, the user's branch) */
  filters: {
    from: string;
    to: string;
    branchId: string | null;
    cashierId: string | null;
    categoryId: string | null;
    methodId: string | null;
    groupBy: ReportGrouping | null;
    variantId?: string | null;
    days?: number | null;
    party?: ReportParty | null;
  };
  columns: ReportColumnDto[];
  rows: ReportRow[];
  /** rows in all (the answer carries offset…offset+limit) */
  count: number;
  /** sums of the summable columns, only with can_see_totals */
  totals: ReportRow | null;
  chart: ReportChartDto | null;
  /** the label of a row's id column comes with the row (names), ids for links */
  generatedAt: string;
};

/** A long export as a background job: its state and, once done, the download's path. */
export type ReportExportJobDto = {
  id: string;
  state: 'waiting' | 'active' | 'completed' | 'failed' | 'unknown';
  /** 0–100 */
  progress: number;
  rows: number;
  downloadUrl: string | null;
};

/** What the server and the client both know of a sales report (the server adds its query). */
export type ReportMeta = {
  key: string;
  permissions: PermissionKey[];
  filters: ReportFilter[];
};

export const SALES_REPORTS: ReportMeta[] = [
  { key: 'Sales', permissions: [], filters: ['period', 'branch', 'cashier', 'groupBy'] },
  { key: 'SalesByProduct', permissions: [], filters: ['period', 'branch', 'category'] },
  { key: 'SalesByCategory', permissions: [], filters: ['period', 'branch'] },
  { key: 'SalesByCashier', permissions: [], filters: ['period', 'branch', 'cashier'] },
  { key: 'SalesByPaymentMethod', permissions: [], filters: ['period', 'branch', 'method'] },
  { key: 'Returns', permissions: [], filters: ['period', 'branch'] },
  { key: 'Discounts', permissions: [], filters: ['period', 'branch', 'cashier'] },
  { key: 'HourlyHeatmap', permissions: [], filters: ['period', 'branch', 'cashier'] },
];

/**
 * The stock, tax, expense and balance reports (issue 19, part B): behind the same /Reports/:key
 * route as the sales reports; the permission keys open each one (the server enforces them).
 */
export const STATS_REPORTS: ReportMeta[] = [
  {
    key: 'InventoryValuation',
    permissions: ['can_see_inventories'],
    filters: ['branch', 'category'],
  },
  {
    key: 'StockMovement',
    permissions: ['can_see_inventories'],
    filters: ['period', 'branch', 'variant'],
  },
  { key: 'DeadStock', permissions: ['can_see_products'], filters: ['branch', 'category', 'days'] },
  { key: 'Vat', permissions: ['can_see_totals'], filters: ['period', 'branch'] },
  { key: 'ExpensesByCategory', permissions: ['can_see_expenses'], filters: ['period', 'branch'] },
  { key: 'Balances', permissions: ['can_see_customer_depts'], filters: ['party'] },
];
