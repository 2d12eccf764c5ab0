import 'reflect-metadata';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { IsCalendarDate } from './calendar-date';
import { TrialBalanceQueryDto, type AccountType } from './accounting.dto';

// The books' reports beyond the trial balance (issue 13 item 6). Amounts are integer piasters.

/** The most movements one account statement lists; a longer one asks for a narrower range. */
export const MAX_STATEMENT_LINES = 20_000;

/** `?format=xlsx` answers the report as an Excel workbook instead of JSON. */
export const REPORT_FORMATS = ['json', 'xlsx'] as const;

export class AccountStatementQueryDto {
  @IsUUID() accountId: string;
  @IsOptional() @IsCalendarDate() from?: string;
  @IsOptional() @IsCalendarDate() to?: string;
  @IsOptional() @IsUUID() branchId?: string;
  /** a customer or vendor on the customers / vendors control account */
  @IsOptional() @IsIn(['customer', 'vendor']) partyType?: 'customer' | 'vendor';
  @IsOptional() @IsUUID() partyId?: string;
  @IsOptional() @IsIn(REPORT_FORMATS) format?: 'json' | 'xlsx';
}

export type AccountStatementLineDto = {
  entryId: string;
  entryNumber: number;
  /** the store's business day of the entry (YYYY-MM-DD, store time zone) */
  day: string;
  sourceType: string | null;
  sourceId: string | null;
  sourceNumber: string | null;
  description: string | null;
  debit: number;
  credit: number;
  /** the balance after this line, positive on the account's normal side */
  balance: number;
};

/**
 * An account's statement: its balance at the start of the range, each movement with the running
 * balance, and the balance at the end. Balances are positive on the account's normal side
 * (a debit balance for assets and expenses, a credit balance for the others).
 */
export type AccountStatementDto = {
  account: {
    id: string;
    code: string;
    nameAr: string;
    nameEn: string | null;
    type: AccountType;
    normalSide: 'debit' | 'credit';
  };
  from: string | null;
  to: string | null;
  branchId: string | null;
  partyType: 'customer' | 'vendor' | null;
  partyId: string | null;
  partyName: string | null;
  opening: number;
  lines: AccountStatementLineDto[];
  totals: { debit: number; credit: number };
  closing: number;
};

export class PeriodReportQueryDto {
  @IsOptional() @IsCalendarDate() from?: string;
  @IsOptional() @IsCalendarDate() to?: string;
  @IsOptional() @IsUUID() branchId?: string;
  @IsOptional() @IsIn(REPORT_FORMATS) format?: 'json' | 'xlsx';
}

export class BalanceSheetQueryDto {
  /** the balances at the end of this day; today when left out */
  @IsOptional() @IsCalendarDate() at?: string;
  @IsOptional() @IsUUID() branchId?: string;
  @IsOptional() @IsIn(REPORT_FORMATS) format?: 'json' | 'xlsx';
}

/** One account's figure in a report section, positive on the section's side. */
export type ReportAccountRowDto = {
  accountId: string;
  code: string;
  nameAr: string;
  nameEn: string | null;
  amount: number;
};

export type ReportSectionDto = { rows: ReportAccountRowDto[]; total: number };

/**
 * Income statement: revenue (credit-side revenue accounts but other income), less contra revenue
 * (sales returns), = net sales; less cost of goods sold = gross profit; less the other expenses
 * by account, plus other income = net profit.
 */
export type IncomeStatementDto = {
  from: string | null;
  to: string | null;
  branchId: string | null;
  revenue: ReportSectionDto;
  contraRevenue: ReportSectionDto;
  netSales: number;
  cogs: ReportSectionDto;
  grossProfit: number;
  expenses: ReportSectionDto;
  otherIncome: ReportSectionDto;
  netProfit: number;
};

/**
 * Balance sheet at the end of a day: assets = liabilities + equity, where equity carries the
 * profit not yet closed into retained earnings (every revenue and expense up to the day). For one
 * branch, entries whose lines span branches leave an inter-branch balance, shown on its own line.
 */
export type BalanceSheetDto = {
  at: string;
  branchId: string | null;
  assets: ReportSectionDto;
  liabilities: ReportSectionDto;
  equity: ReportSectionDto;
  profit: number;
  interBranch: number;
  totalEquity: number;
  totalLiabilitiesAndEquity: number;
};

/** The trial balance's query with `?format=xlsx` for its workbook. */
export class TrialBalanceExportQueryDto extends TrialBalanceQueryDto {
  @IsOptional() @IsIn(REPORT_FORMATS) format?: 'json' | 'xlsx';
}
