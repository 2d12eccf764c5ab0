import 'reflect-metadata';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { ListQueryDto } from './list.dto';

// /Customers/Debts (issue 16 item 1): every customer who owes, with the debt aged.

/** Aging buckets by the days since each unpaid debit (the store's calendar days). */
export const DEBT_BUCKETS = ['d0_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type DebtBucket = (typeof DEBT_BUCKETS)[number];

/** The store's default payment terms for customers when the store has not set one. */
export const DEFAULT_CUSTOMER_PAYMENT_TERMS_DAYS = 30;

export class CustomerDebtsQueryDto extends ListQueryDto {
  /** the branch where the debt arose (the sale's branch); needs can_see_branches for another one */
  @IsOptional() @IsUUID() branchId?: string;
  /** only customers with something in this bucket */
  @IsOptional() @IsIn(DEBT_BUCKETS) bucket?: DebtBucket;
  /** 'true': the reminder list, customers whose oldest unpaid debt is past their terms */
  @IsOptional() @IsIn(['true', 'false']) overdue?: 'true' | 'false';
  @IsOptional() @IsIn(['json', 'xlsx']) format?: 'json' | 'xlsx';
}

export type DebtBuckets = Record<DebtBucket, number>;

export type CustomerDebtDto = {
  customerId: string;
  name: string;
  phone: string | null;
  /** piasters; 0 = no credit limit set */
  creditLimit: number;
  /** the customer's whole balance, piasters (every branch) */
  balance: number;
  /** what is unpaid of the debts in the filter's branch (= balance without a branch filter) */
  open: number;
  buckets: DebtBuckets;
  /** days since the oldest unpaid debit */
  oldestDays: number;
  /** the terms that apply (the customer's or the store's default) */
  paymentTermsDays: number;
  /** piasters of the open debts older than the terms */
  overdueAmount: number;
  /** days past the terms of the oldest unpaid debit (0 when not overdue) */
  overdueDays: number;
  lastPaymentAt: string | null;
  /** piasters, positive */
  lastPaymentAmount: number | null;
};

/** The totals row of the filtered list (needs can_see_totals as well). */
export type CustomerDebtTotalsDto = {
  customers: number;
  open: number;
  buckets: DebtBuckets;
  overdueAmount: number;
};

/** What the debts page offers as filters (the user's read scope). */
export type CustomerDebtFiltersDto = {
  branches: { id: string; name: string }[];
};
