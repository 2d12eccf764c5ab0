import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  ValidateIf,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
  registerDecorator,
} from 'class-validator';
import { ActiveListQueryDto, ListQueryDto } from './list.dto';
import { defineResource } from '../resource';
import { partialOf, NameText } from './resource-dto';
import { LIMITS } from '../limits';
import type { EReceiptPrintDto } from './eta.dto';
import {
  DenominationCounts,
  MaxDocumentLines,
  MaxDocumentMoney,
  MaxLineQuantity,
  MaxPaymentMoney,
  MaxUnitPrice,
} from './limit-rules';
import { IsCalendarDate, isCalendarDate } from './calendar-date';
import { PAYMENT_METHOD_TYPES, type PaymentMethodType } from '../payment-methods';
import { ETA_POS_SERIAL_PATTERN } from '../eta/pos-serial';
import type { ApiError } from '../errors';
import type { GiftCardUseDto } from '../giftcards';
import { LotCode, SerialCodes } from './tracking.dto';

const QTY = { maxDecimalPlaces: 3 };

// ---------- payment methods ----------
export class PaymentMethodCreateDto {
  @IsString({ message: 'validation.catalog.nameRequired' })
  @MinLength(1, { message: 'validation.catalog.nameRequired' })
  @MaxLength(60)
  @NameText()
  nameAr: string;
  @NameText()
  @IsOptional()
  @IsString()
  @MaxLength(60)
  nameEn?: string | null;
  @IsIn(PAYMENT_METHOD_TYPES) type: PaymentMethodType;
  @IsOptional() @IsBoolean() active?: boolean;
  @IsOptional() @IsInt() @Min(0) @Max(1000) sortOrder?: number;
  /** card and wallet: the bank vault their receipts settle into (issue 15) */
  @IsOptional() @IsUUID() settlementVaultId?: string | null;
}
export const PaymentMethodUpdateDto = partialOf(PaymentMethodCreateDto);
export type PaymentMethodUpdateDto = Partial<PaymentMethodCreateDto>;
export type PaymentMethodDto = {
  id: string;
  nameAr: string;
  nameEn: string | null;
  type: PaymentMethodType;
  active: boolean;
  sortOrder: number;
  settlementVaultId: string | null;
  settlementVaultName: string | null;
};
export const PAYMENT_METHODS = defineResource<PaymentMethodDto, PaymentMethodCreateDto>({
  path: '/PaymentMethods',
  create: PaymentMethodCreateDto,
  update: PaymentMethodUpdateDto,
  query: ActiveListQueryDto,
  sortable: ['sortOrder', 'nameAr', 'nameEn', 'type', 'active'],
  defaultSort: 'sortOrder',
  read: 'session',
  write: 'admin',
  remove: false,
});

// ---------- customers ----------
/** Most days of payment terms a customer may be given. */
export const CUSTOMER_PAYMENT_TERMS_MAX = 365;
export class CustomerCreateDto {
  @IsString({ message: 'validation.catalog.nameRequired' })
  @MinLength(1, { message: 'validation.catalog.nameRequired' })
  @MaxLength(120)
  @NameText()
  name: string;
  @IsOptional() @Matches(/^[0-9+\- ]{5,20}$/, { message: 'validation.customer.phone' }) phone?:
    string | null;
  @IsOptional() @Matches(/^[0-9+\- ]{5,20}$/, { message: 'validation.customer.phone' }) phone2?:
    string | null;
  @IsOptional() @IsString() @MaxLength(300) address?: string | null;
  @IsOptional() @Matches(/^\d{14}$/, { message: 'validation.customer.nationalId' }) nationalId?:
    string | null;
  @IsOptional() @IsString() @MaxLength(30) taxId?: string | null;
  /** piasters; 0 = no limit */
  @IsOptional() @IsInt() @Min(0) @MaxDocumentMoney() creditLimit?: number;
  /** days a customer has to pay a sale on account; null: the store's default */
  @IsOptional()
  @IsInt({ message: 'validation.customer.paymentTerms' })
  @Min(0, { message: 'validation.customer.paymentTerms' })
  @Max(CUSTOMER_PAYMENT_TERMS_MAX, { message: 'validation.customer.paymentTerms' })
  paymentTermsDays?: number | null;
}
export class CustomerUpdateDto {
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'validation.catalog.nameRequired' })
  @MaxLength(120)
  @NameText()
  name?: string;
  @IsOptional() @Matches(/^[0-9+\- ]{5,20}$/, { message: 'validation.customer.phone' }) phone?:
    string | null;
  @IsOptional() @Matches(/^[0-9+\- ]{5,20}$/, { message: 'validation.customer.phone' }) phone2?:
    string | null;
  @IsOptional() @IsString() @MaxLength(300) address?: string | null;
  @IsOptional() @Matches(/^\d{14}$/, { message: 'validation.customer.nationalId' }) nationalId?:
    string | null;
  @IsOptional() @IsString() @MaxLength(30) taxId?: string | null;
  @IsOptional() @IsInt() @Min(0) @MaxDocumentMoney() creditLimit?: number;
  /** days a customer has to pay a sale on account; null: the store's default */
  @IsOptional()
  @IsInt({ message: 'validation.customer.paymentTerms' })
  @Min(0, { message: 'validation.customer.paymentTerms' })
  @Max(CUSTOMER_PAYMENT_TERMS_MAX, { message: 'validation.customer.paymentTerms' })
  paymentTermsDays?: number | null;
}
export type CustomerDto = {
  id: string;
  name: string;
  phone: string | null;
  phone2: string | null;
  address: string | null;
  nationalId: string | null;
  taxId: string | null;
  creditLimit: number;
  /** piasters the customer owes (positive) */
  balance: number;
  /** the customer's own payment terms in days; null: the store's default */
  paymentTermsDays: number | null;
  createdAt: string;
  /** the part of the balance the customer's open installment plans carry (one customer's read) */
  planOutstanding?: number;
};
/** /Customers: searched by name and phone (normalised); created by any cashier (the POS), edited with can_see_customers. */
export const CUSTOMERS = defineResource<CustomerDto, CustomerCreateDto, CustomerUpdateDto>({
  path: '/Customers',
  create: CustomerCreateDto,
  update: CustomerUpdateDto,
  query: ListQueryDto,
  sortable: [],
  defaultSort: '',
  read: ['can_see_customers'],
  write: ['can_see_customers'],
  remove: false,
});
export class CustomerPaymentDto {
  @IsUUID() id: string;
  /** how the money came in; required at the till, optional when a vault is named */
  @ValidateIf((o: CustomerPaymentDto) => !o.vaultId || o.methodId !== undefined)
  @IsUUID()
  methodId?: string;
  @IsInt() @Min(1) @MaxDocumentMoney() amount: number;
  /**
   * The vault or bank account the money goes into (one of the user's branch, see
   * `/api/Customers/payment-vaults`); left out: the cashier's till (open shift), as before.
   */
  @IsOptional() @IsUUID() vaultId?: string;
  @IsOptional() @IsString() @MaxLength(300) note?: string;
  /**
   * The clerk chose "advance / credit on account": what is beyond the balance owed stays on the
   * customer's account as an advance (needs can_take_advance). Without it a payment above the
   * balance owed is refused (CUSTOMER_PAYMENT_EXCEEDS_BALANCE).
   */
  @IsOptional() @IsBoolean() advance?: boolean;
}
/** A vault a customer payment may go into (no balance: that is the vault screen's). */
export type CustomerPaymentVaultDto = {
  id: string;
  name: string;
  type: 'cash' | 'bank';
  branchId: string;
  branchName: string;
  isMain: boolean;
};
export type CustomerLedgerEntryDto = {
  id: string;
  type: 'sale' | 'return' | 'payment' | 'edit' | 'cheque_bounced' | 'cheque_cancelled';
  amount: number;
  balanceAfter: number;
  referenceType: string | null;
  referenceId: string | null;
  referenceNumber: string | null;
  at: string;
  userName: string | null;
  note: string | null;
  /** the vault a payment went into (null: the till) */
  vaultName: string | null;
};

// ---------- shifts ----------
export class OpenShiftDto {
  @IsInt() @Min(0) @MaxDocumentMoney() openingCash: number;
  /** POS register number of the branch (1–99), part of invoice numbers. */
  @IsOptional() @IsInt() @Min(1) @Max(99) register?: number;
}
export class CloseShiftDto {
  @IsInt() @Min(0) @MaxDocumentMoney() countedCash: number;
  /** Optional count by denomination: { "200": 3, "100": 5, "0.5": 4 } (pounds → pieces) */
  @IsOptional() @DenominationCounts() denominations?: Record<string, number>;
  @IsOptional() @IsString() @MaxLength(500) note?: string;
}
export type ShiftTotalsDto = {
  invoiceCount: number;
  sales: number;
  returns: number;
  net: number;
  discounts: number;
  vat: number;
  byMethod: {
    methodId: string;
    methodName: string;
    type: PaymentMethodType;
    sales: number;
    refunds: number;
    net: number;
  }[];
  /**
   * The part of the shift's sales no tender paid (issue 30 item 15): left on the customers'
   * accounts, split into what an installment plan of the sale finances and the rest (credit).
   * sales = Σ byMethod.sales (as tendered, change given back excluded) + onAccount.credit + onAccount.installment.
   */
  onAccount: { credit: number; installment: number };
  /**
   * cash taken into the drawer besides sales: customer payments on account and repair bills paid
   * at the POS in cash (the sales' own cash is the cash method's net)
   */
  cashIn: number;
  expectedCash: number;
  /** only with can_see_profit */
  profit?: number;
};
export type ShiftDto = {
  id: string;
  branchId: string;
  register: number;
  cashierId: string;
  cashierName: string;
  status: 'open' | 'closed';
  openedAt: string;
  closedAt: string | null;
  openingCash: number;
  /** only with can_see_shift_totals (or for the cashier's own open shift, where they are still null) */
  countedCash?: number | null;
  expectedCash?: number | null;
  difference?: number | null;
  denominations: Record<string, number> | null;
  /** only with can_see_shift_totals (or for the cashier's own open shift: the X report) */
  totals?: ShiftTotalsDto;
};
export class ShiftListQueryDto extends ListQueryDto {
  @IsOptional() @IsIn(['open', 'closed']) status?: 'open' | 'closed';
  @IsOptional() @IsUUID() cashierId?: string;
}

// ---------- sales ----------
export class SaleLineInputDto {
  @IsUUID() variantId: string;
  @IsNumber(QTY) @Min(0.001) @MaxLineQuantity() quantity: number;
  /**
   * piasters; defaults to the automatic price (the price list that applies, else the variant's
   * sell price, docs/decisions/0079); another price needs can_change_sell_price and takes the line
   * out of the price lists and promotions
   */
  @IsOptional() @IsInt() @Min(0) @MaxUnitPrice() unitPrice?: number;
  /** piasters off this line by the cashier (after the promotions, within their discount cap) */
  @IsOptional() @IsInt() @Min(0) @MaxDocumentMoney() discount?: number;
  /**
   * piasters off this line by promotions, as the till priced it (issue 33): the server prices the
   * sale again and refuses a sale whose figure differs (absent: the server's figure is taken)
   */
  @IsOptional() @IsInt() @Min(0) @MaxDocumentMoney() promotionDiscount?: number;
  /**
   * A serial-tracked product's units sold (issue 34, docs/decisions/0107): one serial or IMEI (either
   * of a dual-SIM phone's) per unit, as many as the quantity, each in stock at the sale's inventory
   */
  @SerialCodes()
  serials?: string[];
  /**
   * A batch-tracked product's lot chosen by the cashier instead of the first-expiry-first-out pick;
   * an expired lot needs can_sell_expired_batch (audited)
   */
  @LotCode()
  lot?: string;
}
/** Which rules a till priced the sale with (issue 33, docs/decisions/0079). */
export class SalePricingDto {
  /** the pricing rules' version (GET /PricingRules) the lines were priced with */
  @IsString() @Matches(/^\d{1,18}$/) version: string;
  /** a price list the cashier picked (needs can_sell_at_price_list); absent: the automatic one */
  @IsOptional() @IsUUID() priceListId?: string;
}
export class SalePaymentInputDto {
  @IsUUID() methodId: string;
  @IsInt() @Min(1) @MaxPaymentMoney() amount: number;
  /**
   * A gift-card tender's card (issue 33 item 5): the code typed or scanned. On a return's refund
   * by the gift-card method: the card credited; left out, the customer's store credit.
   */
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @Matches(/^[A-Za-z0-9-]+$/, { message: 'validation.giftCardCode' })
  giftCardCode?: string;
}
/**
 * How far from the server's clock a till's `rungAt` may be (issue 32): a queued sale older than
 * `maxAgeDays` or more than `maxAheadMinutes` ahead is refused (the device's clock is wrong, or the
 * queue was left too long: docs/offline.md says how to recover it).
 */
export const RUNG_AT_WINDOW = { maxAgeDays: 7, maxAheadMinutes: 10 } as const;
/** The largest number in a till's own receipt series. */
export const DEVICE_RECEIPT_MAX = 999_999_999;

export function rungAtInWindow(value: unknown, now: number = Date.now()): boolean {
  if (typeof value !== 'string') return false;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return false;
  return (
    at <= now + RUNG_AT_WINDOW.maxAheadMinutes * 60_000 &&
    at >= now - RUNG_AT_WINDOW.maxAgeDays * 86_400_000
  );
}

function RungAtWindow() {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'rungAtWindow',
      target: object.constructor,
      propertyName,
      options: { message: 'validation.sale.rungAt' },
      validator: { validate: (value: unknown) => !isCalendarDate(value) || rungAtInWindow(value) },
    });
}

/**
 * The ETA e-receipt a till built for a sale it completed offline (issue 32 item 6, docs/offline.md):
 * the server rebuilds the receipt from the saved sale and checks both UUIDs before it submits.
 */
export class SaleDeviceEReceiptDto {
  /** the till's ETA POS serial the receipt was chained on */
  @IsString()
  @MaxLength(100)
  @Matches(ETA_POS_SERIAL_PATTERN, { message: 'validation.eta.posSerial' })
  serial: string;
  /** the receipt's UUID (lowercase hex SHA-256) */
  @Matches(/^[0-9a-f]{64}$/, { message: 'validation.eta.uuid' }) uuid: string;
  /** the UUID of the till's previous receipt on the serial ("" for its first) */
  @Matches(/^([0-9a-f]{64})?$/, { message: 'validation.eta.uuid' }) previousUuid: string;
  /** header.dateTimeIssued as the till wrote it (UTC, YYYY-MM-DDTHH:mm:ssZ) */
  @Matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, { message: 'validation.eta.dateTimeIssued' })
  dateTimeIssued: string;
}

/** The till a sale was rung on (issue 32, docs/decisions/0070): its id, its receipt number, when and how. */
export class SaleDeviceDto {
  /** the device's id (made on the device, registered with POST /PosDevices) */
  @IsUUID() deviceId: string;
  /** its number in the device's own receipt series (printed `<prefix>-<n>`) */
  @IsInt() @Min(1) @Max(DEVICE_RECEIPT_MAX) receiptNo: number;
  /** when the cashier took the payment, by the device's clock (ISO date-time) */
  @IsCalendarDate()
  @RungAtWindow()
  rungAt: string;
  /** rung while the server could not be reached: the offline rules apply (docs/offline.md) */
  @IsBoolean() offline: boolean;
  /** the e-receipt the till built, when it is the ETA POS of record (a serial, e-receipts on) */
  @IsOptional()
  @ValidateNested()
  @Type(() => SaleDeviceEReceiptDto)
  eReceipt?: SaleDeviceEReceiptDto;
}

export class CreateSaleDto {
  /** Made by the client (UUID v4 or v7): the idempotency key. A retry returns the same invoice. */
  @IsUUID() id: string;
  @IsOptional() @IsUUID() inventoryId?: string;
  @IsOptional() @IsUUID() customerId?: string | null;
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.sale.noLines' })
  @MaxDocumentLines()
  @ValidateNested({ each: true })
  @Type(() => SaleLineInputDto)
  lines: SaleLineInputDto[];
  @IsOptional() @IsInt() @Min(0) @MaxDocumentMoney() invoiceDiscount?: number;
  @IsArray()
  @ArrayMaxSize(LIMITS.documentPayments)
  @ValidateNested({ each: true })
  @Type(() => SalePaymentInputDto)
  payments: SalePaymentInputDto[];
  @IsOptional() @IsString() @MaxLength(500) note?: string;
  /** What the client computed; ignored (the server recomputes every figure). */
  @IsOptional() @IsInt() @Min(0) @MaxDocumentMoney() clientTotal?: number;
  /**
   * The amount due is sold on «تقسيط» (the installment method): until its plan is made the sale
   * is listed on /Installments as awaiting a plan (issue 30 item 7).
   */
  @IsOptional() @IsBoolean() installment?: boolean;
  /**
   * Cash on delivery (issue 30 item 21): the amount due is owed by the delivery order and its
   * driver (the COD receivable), not put on a customer's account, so it needs neither a customer
   * nor can_grant_credit nor a credit limit.
   */
  @IsOptional() @IsBoolean() cod?: boolean;
  /** The till that rang it (issue 32): left out by a sale made elsewhere (an API key, a script). */
  @IsOptional()
  @ValidateNested()
  @Type(() => SaleDeviceDto)
  device?: SaleDeviceDto;
  /**
   * The rules the till priced it with (issue 33); absent: the current rules (a sale made
   * elsewhere). Either way the server prices every sale with the same engine.
   */
  @IsOptional()
  @ValidateNested()
  @Type(() => SalePricingDto)
  pricing?: SalePricingDto;
  /**
   * Coupon codes entered (issue 33 item 3, docs/decisions/0086), any case: each is checked and
   * redeemed in the sale's transaction; its promotion runs only with it.
   */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5)
  @IsString({ each: true })
  @MaxLength(40, { each: true })
  @Matches(/^\s*[A-Za-z0-9\u0660-\u0669\u06F0-\u06F9-]{3,40}\s*$/, { each: true })
  coupons?: string[];
}
/**
 * A till's queued sales sent together (docs/decisions/0075), each a CreateSaleDto: a body with a
 * malformed sale is bad input (400 naming the field, e.g. `sales.2.lines.0.quantity`) and nothing
 * of it is made; a sale the rules refuse is answered for that sale.
 */
export class CreateSaleBatchDto {
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.sale.batchSize' })
  @ArrayMaxSize(LIMITS.saleBatch, { message: 'validation.sale.batchSize' })
  @ValidateNested({ each: true })
  @Type(() => CreateSaleDto)
  sales: CreateSaleDto[];
}
/**
 * One sale's answer in a batch, in the batch's order: its invoice (made now or before), or its
 * refusal as `POST /api/Sales` would have answered it. The answer stops at the first sale that got
 * no final answer (a 5xx): the sales after it were not tried.
 */
export type SaleBatchItemDto =
  { id: string; ok: true; sale: SaleDto } | { id: string; ok: false; error: ApiError };
export type SaleBatchResultDto = { results: SaleBatchItemDto[] };
export class EditSaleDto {
  @IsOptional() @IsUUID() customerId?: string | null;
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.sale.noLines' })
  @MaxDocumentLines()
  @ValidateNested({ each: true })
  @Type(() => SaleLineInputDto)
  lines: SaleLineInputDto[];
  @IsOptional() @IsInt() @Min(0) @MaxDocumentMoney() invoiceDiscount?: number;
  @IsArray()
  @ArrayMaxSize(LIMITS.documentPayments)
  @ValidateNested({ each: true })
  @Type(() => SalePaymentInputDto)
  payments: SalePaymentInputDto[];
  @IsString()
  @MinLength(1, { message: 'validation.sale.editReason' })
  @MaxLength(500)
  reason: string;
}
export type SaleLineDto = {
  id: string;
  lineNo: number;
  variantId: string;
  productName: string;
  properties: Record<string, string>;
  sku: string;
  barcode: string | null;
  quantity: number;
  unitPrice: number;
  listPrice: number;
  discount: number;
  invoiceDiscountShare: number;
  vatRate: number;
  vatAmount: number;
  lineTotal: number;
  returnedQuantity: number;
  unitCost?: number;
  /** the price list that priced the line (issue 33); null/absent: the variant's own price */
  priceListName?: string | null;
  /** the promotions on the line and their shares of its discount (issue 33) */
  promotions?: { promotionId: string; name: string; amount: number; code?: string }[];
  /** a tracked product's units or lots sold (issue 34, docs/decisions/0107); absent: untracked */
  tracked?: SaleLineTracked | null;
};
/** What a sale line sold of a tracked product: its units (serial, second IMEI) or its lots. */
export type SaleLineTracked = {
  serials?: { serial: string; imei2: string | null; returned?: boolean }[];
  batches?: {
    batchId: string;
    lot: string;
    expiryDate: string;
    quantity: number;
    returned?: number;
  }[];
};
export type SaleDto = {
  id: string;
  number: string;
  branchId: string;
  inventoryId: string;
  shiftId: string | null;
  register: number;
  cashierId: string;
  cashierName: string;
  customerId: string | null;
  customerName: string | null;
  status: 'completed' | 'partially_returned' | 'returned';
  subtotal: number;
  lineDiscountTotal: number;
  invoiceDiscount: number;
  vatTotal: number;
  total: number;
  paidTotal: number;
  changeDue: number;
  dueAmount: number;
  note: string | null;
  createdAt: string;
  editedAt: string | null;
  /** the till's own receipt number `<prefix>-<n>` (issue 32); null: not rung on a registered till */
  deviceReceipt: string | null;
  /** when the till rang it (its clock); null: not rung on a registered till */
  rungAt: string | null;
  /** rung while the till was offline */
  offline: boolean;
  /** the repair ticket this sale bills (issue 30): neither returned nor edited; null: a till sale */
  maintenanceTicketId: string | null;
  /**
   * Cash on delivery (issue 30 item 21): the amount due is owed by the delivery order and its
   * driver (the COD receivable), not by the customer; the receipt and the sale page say so.
   */
  cod: boolean;
  lines: SaleLineDto[];
  payments: {
    id: string;
    methodId: string;
    methodName: string;
    type: PaymentMethodType;
    amount: number;
    kind: 'payment' | 'refund';
    at: string;
  }[];
  returns: { id: string; number: string; total: number; createdAt: string; cashierName: string }[];
  /** the gift cards that paid (issue 33 item 5): code, amount and what each held after; absent when none */
  giftCards?: GiftCardUseDto[];
  /** the customer's loyalty points this sale earned and redeemed, and what they held after (issue 33 item 4) */
  loyalty?: { earned: number; redeemed: number; balance: number };
  /** profit only with can_see_profit; costTotal (like lines' unitCost) only with can_see_profit and can_see_buy_price */
  costTotal?: number;
  profit?: number;
  /**
   * Only in the answer of the POST that made the sale, when it issued an e-receipt: that receipt,
   * so the till prints its UUID and QR without asking; elsewhere GET /api/E-receipts/sale/{id}.
   */
  eReceipt?: EReceiptPrintDto;
};
export class SaleListQueryDto extends ListQueryDto {
  @IsOptional() @IsString() @MaxLength(40) number?: string;
  @IsOptional() @IsUUID() customerId?: string;
  @IsOptional() @IsUUID() cashierId?: string;
  @IsOptional() @IsUUID() branchId?: string;
  @IsOptional() @IsUUID() methodId?: string;
  @IsOptional() @IsUUID() shiftId?: string;
}
export class ReturnLineInputDto {
  @IsUUID() saleLineId: string;
  @IsNumber(QTY) @Min(0.001) @MaxLineQuantity() quantity: number;
  /** a serial-tracked line's units coming back: only serials this invoice sold (docs/decisions/0107) */
  @SerialCodes()
  serials?: string[];
}
export class CreateReturnDto {
  /** Client-made idempotency key, like sales. */
  @IsUUID() id: string;
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.sale.noLines' })
  @MaxDocumentLines()
  @ValidateNested({ each: true })
  @Type(() => ReturnLineInputDto)
  lines: ReturnLineInputDto[];
  /** How the money goes back; default: cash. Amounts must add up to the refund. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(LIMITS.documentPayments)
  @ValidateNested({ each: true })
  @Type(() => SalePaymentInputDto)
  refunds?: SalePaymentInputDto[];
  @IsOptional() @IsString() @MaxLength(300) reason?: string;
}
export type ReturnDto = {
  id: string;
  number: string;
  invoiceId: string;
  invoiceNumber: string;
  total: number;
  creditReduction: number;
  createdAt: string;
  lines: { saleLineId: string; productName: string; quantity: number; amount: number }[];
  refunds: { methodId: string; methodName: string; amount: number }[];
  /** refunded to store credit (issue 33 item 5): each card, the amount and what it held after; absent when none */
  storeCredit?: GiftCardUseDto[];
  /** the loyalty points the return took back and the customer's balance after (docs/decisions/0091); absent when none */
  loyalty?: { takenBack: number; balance: number };
};
export class DailyReportQueryDto {
  /** YYYY-MM-DD in the store's time zone; other days need can_use_date_filter */
  @IsOptional() @IsCalendarDate({ dateOnly: true }) date?: string;
  @IsOptional() @IsUUID() branchId?: string;
}
export type DailyReportDto = {
  date: string;
  branchId: string;
  branchName: string;
  timeZone: string;
  invoiceCount: number;
  sales: number;
  returns: number;
  net: number;
  discounts: number;
  vat: number;
  byMethod: { methodId: string; methodName: string; sales: number; refunds: number; net: number }[];
  /** the day's sales no tender paid, as on the shift report: on credit and financed by a plan */
  onAccount: { credit: number; installment: number };
  byCashier: {
    cashierId: string;
    cashierName: string;
    invoiceCount: number;
    sales: number;
    returns: number;
    net: number;
  }[];
  profit?: number;
};

// ---------- the branch's tills (issue 32) ----------
/** POST /PosDevices: a till registers itself once (again: the same device, answered as it is). */
export class RegisterDeviceDto {
  @IsUUID() id: string;
  @IsOptional()
  @IsString()
  @MaxLength(60)
  @NameText()
  name?: string;
}
/** PUT /PosDevices/:id/eta-serial: the till's ETA POS serial (null: none, the branch's serial issues). */
export class SetDeviceEtaSerialDto {
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(100)
  @Matches(ETA_POS_SERIAL_PATTERN, { message: 'validation.eta.posSerial' })
  etaPosSerial: string | null;
}
export type PosDeviceDto = {
  id: string;
  branchId: string;
  name: string;
  number: number;
  receiptPrefix: string;
  lastReceiptNo: number;
  etaPosSerial: string | null;
  createdAt: string;
  lastSeenAt: string;
};

/** A cashier's grant for one till (device-grant.ts: the header it travels in, its lifetime). */
export type DeviceGrantDto = {
  token: string;
  userId: string;
  deviceId: string;
  branchId: string;
  expiresAt: string;
};

/** What an offline sale let through for a person to look at (docs/offline.md). */
export const SALE_FLAG_KINDS = [
  'negative_stock',
  'below_min_price',
  'price_changed',
  'discount_over_cap',
  'credit_over_limit',
  'variant_inactive',
  'coupon_refused',
  'change_over_limit',
] as const;
export type SaleFlagKind = (typeof SALE_FLAG_KINDS)[number];
export type SaleFlagDto = {
  id: string;
  saleId: string;
  saleNumber: string;
  deviceReceipt: string | null;
  branchId: string;
  kind: SaleFlagKind;
  detail: Record<string, unknown>;
  createdAt: string;
  resolvedAt: string | null;
};
export class SaleFlagQueryDto {
  @IsOptional() @IsUUID() branchId?: string;
}
