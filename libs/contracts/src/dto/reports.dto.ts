import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { IsCalendarDate } from './calendar-date';

// The sales reports (issue 19 item 1) and their framework: one endpoint family
// `/api/Reports/{key}` answering columns + rows (+ totals) read from the report aggregates.
// Amounts are integer piasters, quantities decimals; labels are the client's (`reports:columns.*`).

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
