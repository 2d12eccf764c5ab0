import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { LIMITS } from '../limits';
import { IsCalendarDate } from './calendar-date';
import { defineResource } from '../resource';
import { ActiveListQueryDto } from './list.dto';
import { MaxDocumentMoney, MaxPaymentMoney } from './limit-rules';
import { IsName, partialOf } from './resource-dto';

// Vendors (issue 14): the suppliers the shop buys from, what it owes each of them (its ledger),
// their open purchase invoices with aging, and payments to them from a vault. Money in piasters.

/** Phones a vendor may have. */
export const VENDOR_PHONES_MAX = 5;
/** Longest payment terms, in days (the table's CHECK). */
export const VENDOR_PAYMENT_TERMS_MAX = 365;
/** Invoices one payment may be allocated to by choice. */
export const VENDOR_PAYMENT_INVOICES_MAX = 200;

export class VendorCreateDto {
  @IsName(120) name: string;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(VENDOR_PHONES_MAX)
  @Matches(/^[0-9+\- ]{5,20}$/, { each: true, message: 'validation.customer.phone' })
  phones?: string[];
  @IsOptional() @IsString() @MaxLength(300) address?: string | null;
  @IsOptional() @IsString() @MaxLength(30) taxNumber?: string | null;
  @IsOptional() @IsString() @MaxLength(30) commercialRegister?: string | null;
  @IsOptional() @IsString() @MaxLength(1000) notes?: string | null;
  /**
   * What the shop owed the vendor when it was entered (piasters; negative: the vendor owed the
   * shop). Posted once as the ledger's 'opening' row; it can change only while the vendor has no
   * other ledger row (docs/decisions/ "Vendors").
   */
  @IsOptional()
  @IsInt()
  @Min(-LIMITS.documentTotal, { message: 'validation.limit.documentTotal' })
  @MaxDocumentMoney()
  openingBalance?: number;
  @IsOptional()
  @IsInt()
  @Min(0, { message: 'validation.vendor.paymentTerms' })
  @Max(VENDOR_PAYMENT_TERMS_MAX, { message: 'validation.vendor.paymentTerms' })
  paymentTermsDays?: number;
  @IsOptional() @IsBoolean() active?: boolean;
}

/** A vendor as the API answers it; `balance` and `openingBalance` only with can_see_totals. */
export type VendorDto = {
  id: string;
  name: string;
  phones: string[];
  address: string | null;
  taxNumber: string | null;
  commercialRegister: string | null;
  notes: string | null;
  paymentTermsDays: number;
  active: boolean;
  openingBalance?: number;
  /** what the shop owes the vendor now (negative: an advance the vendor owes back) */
  balance?: number;
};

export const VENDORS = defineResource<VendorDto, VendorCreateDto>({
  path: '/Vendors',
  create: VendorCreateDto,
  update: partialOf(VendorCreateDto),
  query: ActiveListQueryDto,
  sortable: ['name', 'paymentTermsDays', 'active'],
  defaultSort: 'name',
  read: ['can_see_vendors'],
  write: ['can_see_vendors'],
});

export const VENDOR_LEDGER_TYPES = [
  'opening',
  'purchase',
  'return',
  'payment',
  'cheque_bounced',
  'adjustment',
] as const;

/** GET /Vendors/{id}/statement: the ledger over a period (store time zone), with running balance. */
export class VendorStatementQueryDto {
  @IsOptional() @IsCalendarDate() from?: string;
  @IsOptional() @IsCalendarDate() to?: string;
}

export type VendorStatementRowDto = {
  id: string;
  at: string;
  type: (typeof VENDOR_LEDGER_TYPES)[number];
  /** > 0: the shop owes more (a purchase); < 0: less (a payment, a return) */
  amount: number;
  balanceAfter: number;
  referenceType: string | null;
  referenceId: string | null;
  referenceNumber: string | null;
  note: string | null;
  userName: string | null;
};

export type VendorStatementDto = {
  vendorId: string;
  from: string | null;
  to: string | null;
  /** the balance before the period's first row */
  opening: number;
  rows: VendorStatementRowDto[];
  /** Σ of the period's increases (purchases, opening) and decreases (payments, returns) */
  totals: { increase: number; decrease: number };
  closing: number;
};

export type VendorOpenInvoiceDto = {
  id: string;
  number: string;
  vendorInvoiceNumber: string | null;
  invoiceDate: string;
  /** the invoice's due date, or its date + the vendor's payment terms */
  dueDate: string;
  total: number;
  paid: number;
  returned: number;
  open: number;
  /** days past the due date as of today in the store's time zone (negative: not due yet) */
  daysOverdue: number;
};

export const AGING_BUCKETS = ['d0_30', 'd31_60', 'd61_90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export type VendorOpenInvoicesDto = {
  /** today in the store's time zone */
  asOf: string;
  invoices: VendorOpenInvoiceDto[];
  /**
   * open amounts by days past due (an invoice not due yet is in 0–30), with what is owed outside
   * the invoices (the opening balance not yet paid), aged from the day it was posted
   */
  aging: Record<AgingBucket, number>;
  /**
   * what the vendor is owed outside any open invoice: the opening balance (and any other debit not
   * on an invoice) less the payments that settled it; 0 when the balance is all on invoices or an advance
   */
  openingOpen: number;
  /** the open invoices plus openingOpen: what is owed, as aged (the vendor's balance unless it holds an advance) */
  totalOpen: number;
};

/** POST /Vendors/{id}/payments */
export class VendorPaymentDto {
  /** the client's id for the payment: a retry of the same id is answered, not paid twice */
  @IsUUID() id: string;
  @IsInt()
  @Min(1, { message: 'validation.vendor.paymentAmount' })
  @MaxPaymentMoney()
  amount: number;
  /** the vault the money leaves; the user's branch main vault when left out */
  @IsOptional() @IsUUID() vaultId?: string;
  /**
   * The invoices to settle, filled oldest first; left out: every open invoice, oldest first.
   * What is beyond them stays on the vendor's account as an advance.
   */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(VENDOR_PAYMENT_INVOICES_MAX)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  invoiceIds?: string[];
  @IsOptional() @IsString() @MaxLength(300) note?: string;
}

export type VendorPaymentAllocationDto = {
  invoiceId: string;
  number: string;
  vendorInvoiceNumber: string | null;
  invoiceDate: string;
  invoiceTotal: number;
  /** what this payment settled of the invoice */
  amount: number;
};

/** A vendor payment as its receipt prints it. */
export type VendorPaymentReceiptDto = {
  id: string;
  number: string;
  at: string;
  vendorId: string;
  vendorName: string;
  amount: number;
  /** the part not allocated to an invoice: openingSettled + advance */
  unallocated: number;
  /** of the unallocated part, what settled the balance owed outside invoices (the opening balance) */
  openingSettled: number;
  /** of the unallocated part, what went beyond everything owed: an advance (the vendor owes the shop) */
  advance: number;
  vaultName: string;
  branchName: string;
  userName: string | null;
  note: string | null;
  balanceAfter: number;
  allocations: VendorPaymentAllocationDto[];
};

/** A vault a vendor may be paid from (the user's branch; every branch for an administrator). */
export type VendorPaymentVaultDto = {
  id: string;
  name: string;
  type: 'cash' | 'bank';
  branchId: string;
  branchName: string;
  isMain: boolean;
};
