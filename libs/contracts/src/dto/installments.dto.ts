import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { NameText } from './resource-dto';
import {
  INSTALLMENT_LIMITS,
  INSTALLMENT_PERIODS,
  parseNationalId,
  type InstallmentPeriod,
} from '../installments';
import { IsCalendarDate, IsDocumentDate } from './calendar-date';
import { ListQueryDto } from './list.dto';
import { MaxPaymentMoney } from './limit-rules';

// Installment plans (تقسيط, issue 16): the API contract shared by server and client. Money is in
// integer piasters; dates YYYY-MM-DD are the store's calendar days. docs/decisions/
// "Installments: plans, collections, late fees, settlement, rescheduling" records the rules.
//
// The POS flow: (1) POST /api/Sales with the customer and only the down payment as tenders (the
// 'installment' method is never a tender, like 'credit': the rest stays due on the customer, within
// their credit limit unless the seller has can_grant_credit); (2) POST /api/Installments with the
// sale's id and the terms (buildSchedule previews them: total = sale total, downPayment = what was
// paid); (3) the answer (InstallmentPlanDetailDto) prints the contract. From an existing invoice,
// GET financeable?saleId= tells what is left to finance. Live: 'installment.due' {count, amount}.

// ---- API paths (the server's global prefix is /api) --------------------------------------------

export const INSTALLMENTS_API = {
  /** GET: the list (X-Total-Count); POST: create a plan from a posted sale (InstallmentPlanCreateDto) */
  plans: '/api/Installments',
  /** GET: installments due today or overdue (DueInstallmentDto[]) */
  dueToday: '/api/Installments/dueToday',
  /** GET: the dashboard's figures (InstallmentSummaryDto) */
  summary: '/api/Installments/summary',
  /** GET: sales sold on «تقسيط» still awaiting their plan (InstallmentAwaitingDto[]) */
  awaiting: '/api/Installments/awaiting',
  /** GET ?saleId=: what a sale leaves to finance (InstallmentFinanceableDto) */
  financeable: '/api/Installments/financeable',
  /** GET ?branchId= (optional): the vaults a collection may go into (InstallmentVaultDto[]) */
  vaults: '/api/Installments/vaults',
  /** POST (administrators) InstallmentOverdueRunDto: run the overdue scan now ({ asOf, marked, charged, plans }) */
  runOverdue: '/api/Installments/overdue/run',
  /** GET: one plan with everything (InstallmentPlanDetailDto) */
  plan: (id: string) => `/api/Installments/${id}`,
  /** POST: collect money (InstallmentCollectDto) → InstallmentPaymentDto */
  collect: (id: string) => `/api/Installments/${id}/collect`,
  /** GET ?date=YYYY-MM-DD (default the store's today): the early-settlement quote */
  settlement: (id: string) => `/api/Installments/${id}/settlement`,
  /** POST: settle early (InstallmentSettleDto) → InstallmentPlanDetailDto */
  settle: (id: string) => `/api/Installments/${id}/settle`,
  /** POST: a new plan from what remains (InstallmentRescheduleDto) → the new plan's detail */
  reschedule: (id: string) => `/api/Installments/${id}/reschedule`,
} as const;

// ---- statuses -----------------------------------------------------------------------------------

/** active: being paid; late: an installment is overdue; settled: all paid; rescheduled: replaced by a child plan. */
export const INSTALLMENT_PLAN_STATUSES = ['active', 'late', 'settled', 'rescheduled'] as const;
export type InstallmentPlanStatus = (typeof INSTALLMENT_PLAN_STATUSES)[number];

export const INSTALLMENT_STATUSES = [
  'pending',
  'partial',
  'paid',
  'overdue',
  'rescheduled',
] as const;
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number];

/** Plans that still take money (collect, settle, reschedule). */
export const INSTALLMENT_OPEN_PLAN_STATUSES: InstallmentPlanStatus[] = ['active', 'late'];

/**
 * Kinds of a plan's payments: a collection, an early settlement, and the part of a customer
 * payment on account that settled the plan (issue 30 item 13).
 */
export const INSTALLMENT_PAYMENT_KINDS = ['collect', 'settle', 'account'] as const;
export type InstallmentPaymentKind = (typeof INSTALLMENT_PAYMENT_KINDS)[number];

// ---- error codes (ar/en in i18n/messages.ts as errors.<code>) -----------------------------------

export const INSTALLMENT_ERROR_CODES = [
  /** 400: from buildSchedule (PlanError) */
  'INSTALLMENT_COUNT',
  'INSTALLMENT_DOWN_PAYMENT',
  'INSTALLMENT_RATE',
  'INSTALLMENT_FEE',
  'INSTALLMENT_TOO_SMALL',
  'INSTALLMENT_DATE',
  /** 400: the customer's or a guarantor's national ID cannot be read */
  'INSTALLMENT_NATIONAL_ID',
  /** 400: the national ID differs from the one on the customer's card */
  'INSTALLMENT_NATIONAL_ID_MISMATCH',
  /** 400: a guarantor is the customer, or the same guarantor twice */
  'INSTALLMENT_GUARANTOR',
  /** 409: the sale leaves nothing on installment/credit to finance, or it is already in a plan */
  'INSTALLMENT_NOTHING_TO_FINANCE',
  /** 409: the sale is not a posted sale with a customer */
  'INSTALLMENT_SALE_NOT_ELIGIBLE',
  /** 409: the id was used for another sale/plan/request */
  'INSTALLMENT_ID_CONFLICT',
  /** 409: the plan does not take money any more (settled or rescheduled) */
  'INSTALLMENT_PLAN_CLOSED',
  /** 400: the amount is more than what is owed on the chosen installments */
  'INSTALLMENT_OVER_COLLECT',
  /** 400: a chosen installment is not an open installment of this plan */
  'INSTALLMENT_UNKNOWN',
  /** 400: the vault is not an active vault of a branch the user may write to */
  'INSTALLMENT_VAULT',
  /** 409 (sales): an edit of a sale with a plan, or a return while its plan is open */
  'SALE_IN_INSTALLMENT_PLAN',
] as const;
export type InstallmentErrorCode = (typeof INSTALLMENT_ERROR_CODES)[number];

// ---- validation rules ---------------------------------------------------------------------------

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** An Egyptian national ID (14 digits, see parseNationalId); message validation.installment.nationalId. */
export const IsNationalId = () =>
  ValidateBy(
    {
      name: 'isNationalId',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && parseNationalId(value, todayUtc()) !== null,
      },
    },
    { message: 'validation.installment.nationalId' },
  );

const PHONE = /^[0-9+\- ]{5,20}$/;

// ---- commands ------------------------------------------------------------------------------------

export class InstallmentGuarantorDto {
  @NameText()
  @IsString()
  @Matches(/\S/)
  @MinLength(2)
  @MaxLength(120)
  name: string;
  @IsNationalId() nationalId: string;
  @Matches(PHONE, { message: 'validation.customer.phone' }) phone: string;
  @IsString() @Matches(/\S/) @MaxLength(300) address: string;
}

/** The terms every plan is made of (creation and rescheduling). */
export class InstallmentTermsDto {
  @IsInt() @Min(INSTALLMENT_LIMITS.minCount) @Max(INSTALLMENT_LIMITS.maxCount) count: number;
  @IsIn(INSTALLMENT_PERIODS) period: InstallmentPeriod;
  @IsDocumentDate({ dateOnly: true }) firstDueDate: string;
  /** flat rate per month, basis points (250 = 2.5 % a month) */
  @IsInt() @Min(0) @Max(INSTALLMENT_LIMITS.maxMonthlyRateBp) monthlyRateBp: number;
  /** a fixed fee on top (piasters) */
  @IsInt() @Min(0) @Max(INSTALLMENT_LIMITS.maxFee) fee: number;
}

/**
 * POST /api/Installments: a plan from a posted sale. Financed = what the sale left on the customer
 * (installment or credit tenders) not yet in a plan; down payment = sale total − financed.
 * The same id again returns the same plan (200).
 */
export class InstallmentPlanCreateDto extends InstallmentTermsDto {
  @IsUUID() id: string;
  @IsUUID() saleId: string;
  /** the customer's national ID (saved on the customer when the customer has none) */
  @IsNationalId() nationalId: string;
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.installment.guarantors' })
  @ArrayMaxSize(2, { message: 'validation.installment.guarantors' })
  @ValidateNested({ each: true })
  @Type(() => InstallmentGuarantorDto)
  guarantors: InstallmentGuarantorDto[];
  @IsOptional() @IsString() @MaxLength(300) note?: string;
}

/**
 * POST /api/Installments/{id}/collect: money into a vault, to late fees first then the amounts of
 * the chosen installments (default: the oldest open ones). More than they owe → 400.
 * Without `vaultId` the money goes into the till: the drawer of the collector's open shift, in cash
 * (400 SHIFT_NOT_OPEN without one), as a customer payment at the till does (issue 30 item 7).
 */
export class InstallmentCollectDto {
  @IsUUID() id: string;
  @IsInt() @Min(1) @MaxPaymentMoney() amount: number;
  @IsOptional() @IsUUID() vaultId?: string;
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(INSTALLMENT_LIMITS.maxCount)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  installmentIds?: string[];
  @IsOptional() @IsString() @MaxLength(300) note?: string;
}

/** POST /api/Installments/{id}/settle: pays the quote of today into the vault. */
export class InstallmentSettleDto {
  @IsUUID() id: string;
  @IsUUID() vaultId: string;
  @IsOptional() @IsString() @MaxLength(300) note?: string;
}

/** POST /api/Installments/{id}/reschedule: a new plan financing everything still owed. */
export class InstallmentRescheduleDto extends InstallmentTermsDto {
  @IsUUID() id: string;
  @IsOptional() @IsString() @MaxLength(300) note?: string;
}

// ---- queries -------------------------------------------------------------------------------------

/** GET /api/Installments: sort by number | createdAt | nextDueDate | outstanding | customerName. */
export class InstallmentListQueryDto extends ListQueryDto {
  @IsOptional() @IsIn(INSTALLMENT_PLAN_STATUSES) status?: InstallmentPlanStatus;
  @IsOptional() @IsUUID() branchId?: string;
  @IsOptional() @IsUUID() customerId?: string;
}

/** POST /api/Installments/overdue/run: the scan as of a day up to the store's today (default today). */
export class InstallmentOverdueRunDto {
  @IsOptional() @IsCalendarDate({ dateOnly: true }) asOf?: string;
}

export class InstallmentDueQueryDto {
  @IsOptional() @IsUUID() branchId?: string;
}

export class InstallmentSettlementQueryDto {
  @IsOptional() @IsCalendarDate({ dateOnly: true }) date?: string;
}

export class InstallmentFinanceableQueryDto {
  @IsUUID() saleId: string;
}

// ---- responses -----------------------------------------------------------------------------------

export type InstallmentPlanRowDto = {
  id: string;
  number: string;
  status: InstallmentPlanStatus;
  branchId: string;
  branchName: string;
  customerId: string;
  customerName: string;
  customerPhone: string | null;
  saleId: string;
  saleNumber: string;
  count: number;
  period: InstallmentPeriod;
  /** financed + interest + fee */
  toPay: number;
  /** Σ paid of the installments (late fees excluded) */
  paid: number;
  /** toPay − paid + unpaid late fees (0 when settled/rescheduled) */
  outstanding: number;
  /** the oldest open installment's due date, null when none */
  nextDueDate: string | null;
  overdueCount: number;
  createdAt: string;
};

export type InstallmentDto = {
  id: string;
  seq: number;
  dueDate: string;
  amount: number;
  /** the part of amount that is interest */
  interest: number;
  paid: number;
  lateFee: number;
  lateFeePaid: number;
  status: InstallmentStatus;
  /** amount − paid + lateFee − lateFeePaid */
  due: number;
  paidAt: string | null;
};

export type InstallmentGuarantorViewDto = {
  id: string;
  name: string;
  nationalId: string;
  phone: string;
  address: string;
};

export type InstallmentPaymentDto = {
  id: string;
  number: string;
  kind: InstallmentPaymentKind;
  planId: string;
  /** for the receipt: the plan's number, its customer and branch */
  planNumber: string;
  customerName: string;
  branchName: string;
  amount: number;
  /** early-settlement discount given with this payment (0 for a collection) */
  discount: number;
  /** null: into the till (the collector's shift) or part of a customer payment on account */
  vaultId: string | null;
  vaultName: string | null;
  userName: string | null;
  note: string | null;
  at: string;
  allocations: {
    installmentId: string;
    seq: number;
    amount: number;
    lateFee: number;
  }[];
  /** the customer's balance after the payment (for the receipt) */
  customerBalanceAfter: number;
};

export type InstallmentHistoryDto = {
  at: string;
  action: string;
  userName: string | null;
  note: string | null;
};

export type InstallmentPlanDetailDto = InstallmentPlanRowDto & {
  /** the sale's units sold by serial (a phone's IMEIs, issue 34): the contract names them */
  units: { productName: string; serial: string; imei2: string | null }[];
  totalAmount: number;
  downPayment: number;
  financed: number;
  interest: number;
  fee: number;
  monthlyRateBp: number;
  firstDueDate: string;
  lateFeesCharged: number;
  lateFeesPaid: number;
  discount: number;
  note: string | null;
  parentPlan: { id: string; number: string } | null;
  childPlan: { id: string; number: string } | null;
  customer: {
    id: string;
    name: string;
    phone: string | null;
    address: string | null;
    nationalId: string | null;
    balance: number;
  };
  installments: InstallmentDto[];
  guarantors: InstallmentGuarantorViewDto[];
  payments: InstallmentPaymentDto[];
  history: InstallmentHistoryDto[];
  /** what the contract prints */
  store: { name: string; address: string | null; phone: string | null; taxId: string | null };
  branch: { id: string; name: string; address: string | null; phone: string | null };
  createdByName: string | null;
};

export type DueInstallmentDto = {
  installmentId: string;
  seq: number;
  dueDate: string;
  planId: string;
  planNumber: string;
  branchId: string;
  branchName: string;
  customerId: string;
  customerName: string;
  customerPhone: string | null;
  /** the phone for https://wa.me/<n> (Egypt 01xxxxxxxxx → 201xxxxxxxxx), null when none */
  customerPhoneIntl: string | null;
  /** amount − paid + late fee − late fee paid */
  due: number;
  lateFee: number;
  /** days since the due date (0 today) */
  daysLate: number;
  status: InstallmentStatus;
};

export type InstallmentSummaryDto = {
  dueTodayCount: number;
  dueTodayAmount: number;
  overdueCount: number;
  overdueAmount: number;
};

export type InstallmentSettlementQuoteDto = {
  date: string;
  outstanding: number;
  /** late fees still owed, included in toPay */
  lateFees: number;
  discount: number;
  toPay: number;
};

export type InstallmentFinanceableDto = {
  saleId: string;
  saleNumber: string;
  branchId: string;
  customerId: string | null;
  customerName: string | null;
  customerNationalId: string | null;
  total: number;
  /** installment/credit tenders of the sale not yet in a plan */
  financed: number;
  downPayment: number;
  /** the plan made from it, if any */
  planId: string | null;
};

/** A sale sold on «تقسيط» whose plan was postponed: listed on /Installments until it is made (issue 30 item 7). */
export type InstallmentAwaitingDto = {
  saleId: string;
  saleNumber: string;
  branchId: string;
  branchName: string;
  customerId: string;
  customerName: string;
  customerPhone: string | null;
  /** what a plan would finance now (the amount due less returns and payments on account) */
  financed: number;
  soldAt: string;
};

export type InstallmentVaultDto = {
  id: string;
  name: string;
  branchId: string;
  branchName: string;
  /** the branch's main cash vault: the collect dialog's default (issue 30 item 7) */
  isMain?: boolean;
};

/** Egypt's mobile numbers in international form for wa.me: 01xxxxxxxxx → 201xxxxxxxxx. */
export function phoneForWhatsApp(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone
    .replace(/[٠-٩]/g, (c) => String(c.charCodeAt(0) - 0x0660))
    .replace(/\D/g, '');
  if (/^01\d{9}$/.test(digits)) return `2${digits}`;
  if (/^201\d{9}$/.test(digits)) return digits;
  if (/^00\d{8,15}$/.test(digits)) return digits.slice(2);
  if (digits.length >= 8 && digits.length <= 15 && !digits.startsWith('0')) return digits;
  return null;
}
