import 'reflect-metadata';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import {
  MAX_SERIALS_PER_LINE,
  normalizeSerial,
  SELLABLE_LOTS_MAX,
  type SerialStatus,
} from '../tracking';
import { IsCalendarDate } from './calendar-date';

/**
 * A line's serials or IMEIs (issue 34): optional, up to MAX_SERIALS_PER_LINE codes of at most 50
 * characters, each stored normalised (normalizeSerial); the server checks them against the stock.
 */
export function SerialCodes(): PropertyDecorator {
  const decorators = [
    IsOptional(),
    IsArray(),
    ArrayMaxSize(MAX_SERIALS_PER_LINE),
    IsString({ each: true }),
    MaxLength(50, { each: true }),
    Transform(({ value }) =>
      Array.isArray(value)
        ? value.map((v) => (typeof v === 'string' ? normalizeSerial(v) : v))
        : value,
    ),
  ];
  return (target, key) => decorators.forEach((d) => d(target, key));
}

/** A lot named on a line that takes stock out (a sale's, a repair part's): stored normalised. */
export function LotCode(): PropertyDecorator {
  const decorators = [
    IsOptional(),
    IsString(),
    MinLength(1),
    MaxLength(50),
    Transform(({ value }) => (typeof value === 'string' ? normalizeSerial(value) : value)),
  ];
  return (target, key) => decorators.forEach((d) => d(target, key));
}

// Serials and batches on the lines that bring stock in (issue 34, docs/decisions/0100): purchase
// invoices, opening stock and adjustments. The rules a line's list keeps against itself and the
// stock (IMEI, duplicates, count, expiry) are the server's, with a message naming the line.

const normalized = () =>
  Transform(({ value }) => (typeof value === 'string' ? normalizeSerial(value) : value));

/** One unit: its serial (a phone's first IMEI) and, for a dual-SIM phone, its second IMEI. */
export class SerialUnitInputDto {
  @normalized() @IsString() @MinLength(1) @MaxLength(50) serial: string;
  @IsOptional() @normalized() @IsString() @MinLength(1) @MaxLength(50) imei2?: string | null;
}

/** A batch: its lot number, expiry date and, optionally, its production date (YYYY-MM-DD). */
export class BatchInputDto {
  @normalized() @IsString() @MinLength(1) @MaxLength(50) lot: string;
  @IsCalendarDate({ dateOnly: true }) expiryDate: string;
  @IsOptional() @IsCalendarDate({ dateOnly: true }) productionDate?: string | null;
}

/** What a line that brings stock in may carry for a tracked product. */
export class TrackedLineInput {
  /** a serial product's units, as many as the line's quantity */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SERIALS_PER_LINE)
  @ValidateNested({ each: true })
  @Type(() => SerialUnitInputDto)
  serials?: SerialUnitInputDto[];
  /** a batch product's lot */
  @IsOptional()
  @ValidateNested()
  @Type(() => BatchInputDto)
  batch?: BatchInputDto;
}

/** GET /api/Serials/{serial}: a unit's history (received, moved, sold) by its serial or an IMEI. */
export type SerialEventDto = {
  at: string;
  /** the stock ledger's reason: purchase, opening, adjustment, sale, transfer_in… */
  reason: string;
  /** +1 in, −1 out */
  direction: 1 | -1;
  inventoryId: string;
  inventoryName: string;
  branchId: string;
  branchName: string;
  referenceType: string | null;
  referenceId: string | null;
  /** the document's number where it has one (a purchase invoice's) */
  referenceNumber: string | null;
  /** the vendor of a purchase, the customer of a sale */
  partyName: string | null;
  userName: string | null;
};

export type SerialUnitDto = {
  id: string;
  serial: string;
  imei2: string | null;
  status: SerialStatus;
  variantId: string;
  productId: string;
  productName: string;
  properties: Record<string, string>;
  inventoryId: string | null;
  inventoryName: string | null;
  branchId: string | null;
  receivedAt: string;
  /**
   * the unit's last sale (issue 34, docs/decisions/0107, 0128): the sale, its customer, when, and
   * the warranty's end (WARRANTY_MONTHS after the sale's day), `returned` once the unit came back
   * from it; null while it was never sold (within the reader's branch)
   */
  sale: {
    saleId: string;
    number: string | null;
    customerId: string | null;
    customerName: string | null;
    at: string;
    /** YYYY-MM-DD */
    warrantyEnd: string;
    returned: boolean;
  } | null;
  history: SerialEventDto[];
};

/** One variant's lots at an inventory: the variant. */
export class BatchStockQueryDto {
  @IsUUID() variantId: string;
}

/** A bounded page of a variant's lots (docs/decisions/0123, 0128): searched by lot number. */
export class BatchPageQueryDto extends BatchStockQueryDto {
  /** a lot number or part of it (the chooser's search box) */
  @IsOptional() @IsString() @MaxLength(50) q?: string;
  /** lots listed at most (SELLABLE_LOTS_PAGE by default, SELLABLE_LOTS_MAX at most) */
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(SELLABLE_LOTS_MAX) limit?: number;
}

/**
 * GET /api/Inventories/{id}/batches (docs/decisions/0128): one variant's lots holding stock there,
 * earliest expiry first, a page at a time: `limit` lots after the lot `afterLot` (keyset: the
 * last lot of the page before; the header X-Next-After names it while more lots follow).
 */
export class BatchListQueryDto extends BatchPageQueryDto {
  @IsOptional() @IsString() @MaxLength(50) afterLot?: string;
}

/** GET /api/Inventories/{id}/sellable-batches: the till's line (its quantity picks the lots). */
export class SellableBatchesQueryDto extends BatchPageQueryDto {
  @IsOptional() @Type(() => Number) @IsNumber({ maxDecimalPlaces: 3 }) @Min(0) quantity?: number;
}

/**
 * The till's lots of a batch line (issue 34, docs/decisions/0107): the lots here (each marked
 * expired on the store's day), and the first-expiry-first-out pick of the line's quantity the
 * sale will take (`short`: what the unexpired lots cannot cover). Picked on the server so the
 * till's first load carries no pick of its own.
 */
export type SellableBatchesDto = {
  today: string;
  /**
   * At most `limit` (SELLABLE_LOTS_PAGE) unexpired lots in FEFO order, after at most `limit`
   * expired ones still holding stock (the latest expired): bounded however many lots there are
   * (docs/decisions/0123); with `q`, only the lots whose number contains it.
   */
  lots: (BatchStockDto & { expired: boolean })[];
  /** more lots match than listed: the till shows its search box */
  more: boolean;
  picks: { batchId: string; lot: string; expiryDate: string; quantity: number }[];
  short: number;
};

/** A batch's stock at one inventory (the FEFO pick's input; the expiry lists later). */
export type BatchStockDto = {
  batchId: string;
  variantId: string;
  lot: string;
  expiryDate: string;
  productionDate: string | null;
  inventoryId: string;
  onHand: number;
};

/**
 * GET /api/Serials/{code}/sellable: the inventory the till sells from (absent: any inventory of
 * the user's branch, as a till that has not yet read its inventory asks).
 */
export class SellableSerialQueryDto {
  @IsOptional() @IsUUID() inventoryId?: string;
}

/** A unit in stock where the till sells (issue 34, docs/decisions/0107): what its line needs. */
export type SellableSerialDto = {
  serial: string;
  imei2: string | null;
  variantId: string;
  sku: string;
  productName: string;
};

/** GET /api/Batches/expiring: one branch's list (the user's own unless asked, within their scope). */
export class ExpiringLotsQueryDto {
  @IsOptional() @IsUUID() branchId?: string;
}

/** A lot with stock at one inventory, expiring within the store's window or already expired. */
export type ExpiringLotDto = BatchStockDto & {
  productId: string;
  productName: string;
  sku: string;
  properties: Record<string, string>;
  inventoryName: string;
  branchId: string;
  /** days from the store's today to the expiry date (negative: expired that many days ago) */
  daysLeft: number;
};

/**
 * A branch's lots near expiry (issue 34 item 7), earliest expiry first: `expiring` sell on or
 * before `today + days` (a lot sells on its expiry day), `expired` are past their date.
 */
export type ExpiringLotsDto = {
  branchId: string | null;
  /** the store's expiry window (expiryWarningDays) */
  days: number;
  /** the store's day (YYYY-MM-DD) */
  today: string;
  expiring: ExpiringLotDto[];
  expired: ExpiringLotDto[];
};
