import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { defineResource } from '../resource';
import { IsDocumentDate } from './calendar-date';
import { MaxDocumentMoney } from './limit-rules';
import { ActiveListQueryDto, ListQueryDto } from './list.dto';
import { IsName, partialOf, NameText } from './resource-dto';

export class ExpenseCategoryCreateDto {
  @IsName(100) name: string;
  @IsOptional() @IsUUID() parentId?: string | null;
  @IsOptional() @IsBoolean() active?: boolean;
}
export type ExpenseCategoryDto = Required<ExpenseCategoryCreateDto> & {
  id: string;
  parentName: string | null;
};

export const EXPENSE_CATEGORIES = defineResource<ExpenseCategoryDto, ExpenseCategoryCreateDto>({
  path: '/ExpenseCategories',
  create: ExpenseCategoryCreateDto,
  update: partialOf(ExpenseCategoryCreateDto),
  query: ActiveListQueryDto,
  sortable: ['name', 'parentName', 'active'],
  defaultSort: 'name',
  read: ['can_see_expenses'],
  write: ['can_see_expenses'],
});

// ── Expenses (issue 15, item 2) ──────────────────────────────────────────────────────────────

/** The API paths of expenses (the record endpoint takes multipart: `data` JSON + optional `file`). */
export const EXPENSES_PATH = '/Expenses';
export const RECURRING_EXPENSES_PATH = '/RecurringExpenses';

/** A receipt photo: PNG, JPEG or WebP (checked by its content), at most 2 MB. */
export const EXPENSE_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const EXPENSE_ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Record an expense paid out of a vault (the `data` part of the multipart form). */
export class ExpenseCreateDto {
  @IsDocumentDate({ dateOnly: true }) date: string;
  @IsUUID() categoryId: string;
  /** the vault it is paid from; the user's branch main vault when left out */
  @IsOptional() @IsUUID() vaultId?: string | null;
  /** net of VAT, piasters */
  @IsInt() @Min(1) @MaxDocumentMoney() amount: number;
  /** VAT paid on it (posted to VAT input), piasters */
  @IsOptional() @IsInt() @Min(0) @MaxDocumentMoney() vat?: number;
  @IsOptional() @IsUUID() vendorId?: string | null;
  @NameText()
  @IsOptional()
  @IsString()
  @MaxLength(120)
  payee?: string | null;
  @IsOptional() @IsString() @MaxLength(500) note?: string | null;
  /** recorded from this monthly template (it stops being due this month) */
  @IsOptional() @IsUUID() recurringId?: string | null;
}

/** Void an expense: its money goes back into the vault and its entry is reversed. */
export class ExpenseVoidDto {
  @IsString() @MinLength(1) @MaxLength(300) reason: string;
}

export class ExpenseListQueryDto extends ListQueryDto {
  @IsOptional() @IsUUID() categoryId?: string;
  @IsOptional() @IsUUID() branchId?: string;
  @IsOptional() @IsUUID() vaultId?: string;
  @IsOptional() @IsIn(['recorded', 'void']) status?: 'recorded' | 'void';
}

export type ExpenseStatus = 'recorded' | 'void';

export type ExpenseDto = {
  id: string;
  number: string;
  status: ExpenseStatus;
  date: string;
  branchId: string;
  branchName: string;
  categoryId: string;
  categoryName: string;
  vaultId: string;
  vaultName: string;
  amount: number;
  vat: number;
  total: number;
  vendorId: string | null;
  vendorName: string | null;
  payee: string | null;
  note: string | null;
  hasAttachment: boolean;
  recurringId: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
  voidedAt: string | null;
  voidReason: string | null;
};

/**
 * The totals of a filtered list (only with can_see_expenses_details): the recorded (not void)
 * expenses' net, VAT and total, and the same per category.
 */
export type ExpenseTotalsDto = {
  count: number;
  amount: number;
  vat: number;
  total: number;
  byCategory: { categoryId: string; categoryName: string; total: number; count: number }[];
};

/** A monthly template (rent, salaries): due from its day of the month until recorded that month. */
export class RecurringExpenseCreateDto {
  @IsName(100) name: string;
  @IsUUID() categoryId: string;
  @IsUUID() vaultId: string;
  @IsInt() @Min(1) @MaxDocumentMoney() amount: number;
  /** 29–31 fall on the month's last day in shorter months */
  @IsInt() @Min(1) @Max(31) dayOfMonth: number;
  @NameText()
  @IsOptional()
  @IsString()
  @MaxLength(120)
  payee?: string | null;
  @IsOptional() @IsUUID() vendorId?: string | null;
  @IsOptional() @IsString() @MaxLength(500) note?: string | null;
  @IsOptional() @IsBoolean() active?: boolean;
}

export type RecurringExpenseDto = Required<RecurringExpenseCreateDto> & {
  id: string;
  branchId: string;
  branchName: string;
  categoryName: string;
  vaultName: string;
  vendorName: string | null;
};

export const RECURRING_EXPENSES = defineResource<RecurringExpenseDto, RecurringExpenseCreateDto>({
  path: RECURRING_EXPENSES_PATH,
  create: RecurringExpenseCreateDto,
  update: partialOf(RecurringExpenseCreateDto),
  query: ActiveListQueryDto,
  sortable: ['name', 'dayOfMonth', 'amount', 'categoryName', 'active'],
  defaultSort: 'dayOfMonth',
  read: ['can_see_expenses'],
  write: ['can_see_expenses'],
});

/** A template due this month (its day reached, nothing recorded from it this month). */
export type DueRecurringExpenseDto = {
  id: string;
  name: string;
  branchId: string;
  categoryId: string;
  categoryName: string;
  vaultId: string;
  vaultName: string;
  amount: number;
  payee: string | null;
  vendorId: string | null;
  note: string | null;
  /** the day it fell due this month (YYYY-MM-DD) */
  dueDate: string;
};

/** The choices of the expense form (GET /Expenses/options). */
export type ExpenseOptionsDto = {
  /** vaults the user may pay from; `balance` only with can_see_vault_totals */
  vaults: {
    id: string;
    name: string;
    type: 'cash' | 'bank';
    branchId: string;
    branchName: string;
    isMain: boolean;
    balance?: number;
  }[];
  vendors: { id: string; name: string }[];
};
