import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { NameText } from './resource-dto';
import { IsCalendarDate, IsDocumentDate } from './calendar-date';
import { MaxDocumentLines, MaxDocumentMoney } from './limit-rules';
import { ListQueryDto } from './list.dto';
import { defineResource } from '../resource';

// The books (issue 13). Amounts are integer piasters.

export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/**
 * Every document type the books post (`source_type`): a posting's source is typed by it
 * (server/src/modules/accounting/services/posting.ts), so a new one cannot post before it is here,
 * and the journal's filter and labels (`sources.*`) follow it.
 */
export const JOURNAL_SOURCE_TYPES = [
  'sale',
  'sale_revaluation',
  'return',
  'shift',
  'customer_payment',
  'manual',
  'opening',
  'stock_adjustment',
  'product',
  'stock_taking',
  'transfer',
  'variant',
  'expense',
  'cheque',
  'vendor_opening',
  'vendor_payment',
  'purchase',
  'purchase_return',
  'money_transaction',
  'shift_deposit',
  'maintenance',
  'reservation',
  'delivery',
  'delivery_settlement',
  'gift_card',
  'loyalty',
  'installment_plan',
  'installment_payment',
] as const;
export type JournalSourceType = (typeof JOURNAL_SOURCE_TYPES)[number];

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
  totals: {
    openingDebit: number;
    openingCredit: number;
    debit: number;
    credit: number;
    closingDebit: number;
    closingCredit: number;
  };
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
  /** where a source with no screen of its own is shown: a stock adjustment's inventory, a cost edit's product */
  sourceParentId: string | null;
  description: string | null;
  reference: string | null;
  reversesId: string | null;
  reversedById: string | null;
  createdBy: string | null;
  /**
   * Lines of branches the reader may not see, left out of `lines` (issue 30 item 16): a user who
   * reads one branch gets only that branch's lines of an entry spanning branches.
   */
  hiddenLines: number;
  lines: JournalLineDto[];
};

/** One line of a manual entry: a debit or a credit (the other side 0), piasters. */
export class JournalLineInputDto {
  @IsUUID() accountId: string;
  @IsOptional() @IsInt() @Min(0) @MaxDocumentMoney() debit?: number;
  @IsOptional() @IsInt() @Min(0) @MaxDocumentMoney() credit?: number;
  @IsOptional() @IsUUID() branchId?: string | null;
  @IsOptional() @IsIn(['customer', 'vendor']) partyType?: 'customer' | 'vendor' | null;
  @IsOptional() @IsUUID() partyId?: string | null;
  @IsOptional() @IsString() @MaxLength(200) memo?: string | null;
}

/** A manual journal entry (can_manage_accounting): posted at once, reversed instead of edited. */
export class PostJournalEntryDto {
  /** the client's id for the entry, so a retried request posts it once */
  @IsUUID() id: string;
  @IsDocumentDate() date: string;
  @IsOptional() @IsString() @MaxLength(100) reference?: string | null;
  @IsOptional() @IsString() @MaxLength(500) description?: string | null;
  @IsArray()
  @ArrayMinSize(2)
  @MaxDocumentLines()
  @ValidateNested({ each: true })
  @Type(() => JournalLineInputDto)
  lines: JournalLineInputDto[];
}

export class ReverseJournalEntryDto {
  /** the reversal's date; today when left out */
  @IsOptional() @IsDocumentDate() date?: string;
  @IsOptional() @IsString() @MaxLength(500) reason?: string | null;
}

/** Closes the books up to and including `until` (an administrator). */
export class CloseBooksDto {
  @IsDocumentDate() until: string;
}

/** A new account under a group account; its type and normal side come from the parent. */
export class CreateLedgerAccountDto {
  @Matches(/^[0-9]{1,12}$/, { message: 'validation.account.code' }) code: string;
  @IsString()
  @IsNotEmpty({ message: 'validation.account.name' })
  @MaxLength(100, { message: 'validation.account.name' })
  @NameText()
  nameAr: string;
  @NameText()
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'validation.account.name' })
  nameEn?: string | null;
  @IsUUID() parentId: string;
  /** a group holds sub-accounts and takes no postings */
  @IsOptional() @IsBoolean() isGroup?: boolean;
}

export class UpdateLedgerAccountDto {
  @IsOptional() @Matches(/^[0-9]{1,12}$/, { message: 'validation.account.code' }) code?: string;
  @IsOptional()
  @IsString()
  @IsNotEmpty({ message: 'validation.account.name' })
  @MaxLength(100, { message: 'validation.account.name' })
  @NameText()
  nameAr?: string;
  @NameText()
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'validation.account.name' })
  nameEn?: string | null;
  @IsOptional() @IsUUID() parentId?: string;
  @IsOptional() @IsBoolean() active?: boolean;
}

/** The chart's calls, for the client's resource form (the list is the whole chart, unpaged). */
export const LEDGER_ACCOUNTS = defineResource<
  LedgerAccountDto,
  CreateLedgerAccountDto,
  UpdateLedgerAccountDto
>({
  path: '/Accounts',
  create: CreateLedgerAccountDto,
  update: UpdateLedgerAccountDto,
  query: ListQueryDto,
  sortable: ['code'],
  defaultSort: 'code',
  read: ['can_see_totals'],
  write: ['can_manage_accounting'],
});

/**
 * Control accounts (by system key) whose balance mirrors a sub-ledger the POS keeps: stock,
 * goods in transit, customers, vendors, cash in transit between branches (and every vault's and
 * bank account's own account, found by its vault row). Only the documents that move the sub-ledger post to them;
 * a manual entry on one answers 400 `JOURNAL_CONTROL_ACCOUNT` (docs/decisions/).
 * The banks' account 1102 (`bank`) too (issue 30 item 19): money in a bank sits in a bank
 * vault's own account under 1120; 1102 takes only bank-transfer receipts of a method that
 * settles into no vault, and a manual entry on it made the books' banks differ from /Vault.
 */
export const CONTROL_ACCOUNT_KEYS: readonly string[] = [
  'inventory',
  'inventory_in_transit',
  'customers',
  'vendors',
  'cash_in_transit',
  'bank',
];
