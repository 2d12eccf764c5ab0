import 'reflect-metadata';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { IsCalendarDate } from './calendar-date';

// GET /api/Statistics (can_see_statistics) and GET /api/Performance (can_see_performance), issue 19.
// Days are the store's business days (YYYY-MM-DD, store time zone); amounts are integer piasters.
// Without can_use_date_filter both answer today only; without can_see_branches the user's branch
// only; profit figures only with can_see_profit.

export const STATISTICS_COMPARE = ['year', 'month'] as const;
export type StatisticsCompare = (typeof STATISTICS_COMPARE)[number];

/** The longest period one statistics or performance read covers (days). */
export const MAX_STATISTICS_DAYS = 400;

export class StatisticsQueryDto {
  @IsOptional() @IsCalendarDate() from?: string;
  @IsOptional() @IsCalendarDate() to?: string;
  @IsOptional() @IsUUID() branchId?: string;
  /** the period compared with: the same days a year earlier (default) or a month earlier */
  @IsOptional() @IsIn(STATISTICS_COMPARE) compare?: StatisticsCompare;
}

export type StatisticsFigures = {
  invoiceCount: number;
  /** invoices' totals less returns' totals */
  revenue: number;
  /** revenue less its cost; only with can_see_profit */
  profit?: number;
  /** revenue / invoices (0 without invoices) */
  averageBasket: number;
  /** units sold / invoices, 3 decimals */
  itemsPerSale: number;
};

export type StatisticsTrendPoint = {
  day: string;
  revenue: number;
  profit?: number;
  /** the matching day of the compared period */
  compareDay: string;
  compareRevenue: number;
  compareProfit?: number;
};

export type StatisticsRankRow = {
  id: string;
  name: string;
  nameEn: string | null;
  quantity: number;
  revenue: number;
  profit?: number;
};

export type StatisticsBranchRow = {
  branchId: string;
  branchName: string;
  invoiceCount: number;
  revenue: number;
  profit?: number;
  compareRevenue: number;
};

export type StatisticsDto = {
  from: string;
  to: string;
  compareFrom: string;
  compareTo: string;
  compare: StatisticsCompare;
  /** null: every branch the user may read */
  branchId: string | null;
  current: StatisticsFigures;
  previous: StatisticsFigures;
  /** percentage change against the compared period, one decimal; null when that period had none */
  growth: { revenue: number | null; profit?: number | null; invoiceCount: number | null };
  trend: StatisticsTrendPoint[];
  topProducts: StatisticsRankRow[];
  topCategories: StatisticsRankRow[];
  /** only with can_see_branches (or isAdmin) */
  branches?: StatisticsBranchRow[];
};

export class PerformanceQueryDto {
  @IsOptional() @IsCalendarDate() from?: string;
  @IsOptional() @IsCalendarDate() to?: string;
  @IsOptional() @IsUUID() branchId?: string;
}

export type PerformanceRowDto = {
  /** 1 = most sales amount */
  rank: number;
  userId: string;
  userName: string;
  branchId: string;
  branchName: string;
  salesCount: number;
  salesAmount: number;
  averageBasket: number;
  returnsCount: number;
  returnsAmount: number;
  /** line and invoice discounts on the person's invoices */
  discounts: number;
  /** discounts / list value before discounts, in percent, one decimal */
  discountPercent: number;
  /** the largest discount on one invoice, in percent of its list value, one decimal */
  maxDiscountPercent: number;
  /** the user's discount cap (users.maxDiscountPercent) */
  discountCap: number;
  /** maxDiscountPercent / cap in percent (null without a cap) */
  capUsedPercent: number | null;
  /** invoices fully returned within the shift they were sold in */
  voids: number;
  /** closed shifts in the period and the sum of their cash differences (counted − expected) */
  shiftCount: number;
  cashDifference: number;
  /** shift time in the period, hours with two decimals */
  hoursWorked: number;
  /**
   * sales amount per hour worked; null below PERFORMANCE_MIN_HOURS of shift time in the period
   * (a few minutes of shift would divide into a meaningless rate)
   */
  salesPerHour: number | null;
  /** only with can_see_profit */
  profit?: number;
};

/**
 * The least shift time (hours) in a period for /Performance to show sales per hour (issue 30 item
 * 8): below it the rate reads "—" (one hour: a cashier who sold in a test shift of minutes showed
 * 171,200,584.22 an hour).
 */
export const PERFORMANCE_MIN_HOURS = 1;

export type PerformanceDto = {
  from: string;
  to: string;
  branchId: string | null;
  rows: PerformanceRowDto[];
};
