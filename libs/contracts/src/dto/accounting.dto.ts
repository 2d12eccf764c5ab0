import 'reflect-metadata';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { IsCalendarDate } from './calendar-date';
import { ListQueryDto } from './list.dto';

// The books (issue 13). Amounts are integer piasters.

export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const JOURNAL_SOURCE_TYPES = ['sale', 'return', 'shift', 'customer_payment', 'manual'] as const;

export type LedgerAccountDto = {
  id: string;
  code: string;
  nameAr: string;
  nameEn: string | null;
  type: AccountType;
  normalSide: 'debit' | 'credit';
  parentId: string | null;
  systemKey: string | null;
  isGroup: boolean;
  active: boolean;
};

export class TrialBalanceQueryDto {
  @IsOptional() @IsCalendarDate() from?: string;
  @IsOptional() @IsCalendarDate() to?: string;
  @IsOptional() @IsUUID() branchId?: string;
}

/** One account's row: the balance before `from`, the period's movements, the balance at `to`. */
export type TrialBalanceRowDto = {
  accountId: string;
  code: string;
  nameAr: string;
  nameEn: string | null;
  type: AccountType;
  openingDebit: number;
  openingCredit: number;
  debit: number;
  credit: number;
  closingDebit: number;
  closingCredit: number;
};

export type TrialBalanceDto = {
  from: string | null;
  to: string | null;
  rows: TrialBalanceRowDto[];
  totals: { openingDebit: number; openingCredit: number; debit: number; credit: number; closingDebit: number; closingCredit: number };
};

export class JournalListQueryDto extends ListQueryDto {
  @IsOptional() @IsUUID() accountId?: string;
  @IsOptional() @IsUUID() branchId?: string;
  @IsOptional() @IsIn(JOURNAL_SOURCE_TYPES) sourceType?: string;
  @IsOptional() @IsUUID() sourceId?: string;
}

export type JournalLineDto = {
  lineNo: number;
  accountId: string;
  accountCode: string;
  accountNameAr: string;
  accountNameEn: string | null;
  debit: number;
  credit: number;
  branchId: string | null;
  partyType: 'customer' | 'vendor' | null;
  partyId: string | null;
  memo: string | null;
};

export type JournalEntryDto = {
  id: string;
  number: number;
  occurredAt: string;
  branchId: string | null;
  sourceType: string | null;
  sourceId: string | null;
  sourceNumber: string | null;
  description: string | null;
  reference: string | null;
  reversesId: string | null;
  reversedById: string | null;
  createdBy: string | null;
  lines: JournalLineDto[];
};
