import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import type { Unit } from '../limits';
import type { DeviceEReceiptData } from '../eta/device-receipt';
import {
  DEVICE_CATALOG_PAGE,
  DEVICE_CATALOG_PARTS,
  type DeviceCatalogPart,
} from '../device-catalog';

// The till's copy of its branch's catalog (issue 32 item 2, docs/decisions/0070): GET
// /api/device-catalog answers the sync's start (cursor, counts, payment methods, receipt data,
// removals); GET /api/device-catalog/page the keyset pages of one part.

/**
 * A PostgreSQL snapshot as text (`xmin:xmax:xip,…`, pg_current_snapshot()): the sync cursor.
 * The xips lie in [xmin, xmax) in ascending order, as PostgreSQL accepts them.
 */
export function parseDeviceCursor(text: string): { xmin: bigint; xmax: bigint } | null {
  if (text.length > 20_000 || !/^\d{1,19}:\d{1,19}:(\d{1,19}(,\d{1,19})*)?$/.test(text))
    return null;
  const [a, b, list] = text.split(':');
  const xmin = BigInt(a);
  const xmax = BigInt(b);
  if (xmin < 1n || xmin > xmax || xmax >= 2n ** 63n) return null;
  let last = xmin - 1n;
  for (const part of list ? list.split(',') : []) {
    const xip = BigInt(part);
    if (xip <= last || xip >= xmax) return null;
    last = xip;
  }
  return { xmin, xmax };
}

@ValidatorConstraint({ name: 'deviceCursor' })
class DeviceCursorRule implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && parseDeviceCursor(value) !== null;
  }
}

export class DeviceCatalogQueryDto {
  /** The till's inventory (the POS inventory of the user's branch). */
  @IsUUID() inventoryId: string;
  /** The till asking (its ETA POS serial comes with the e-receipt data). */
  @IsOptional() @IsUUID() deviceId?: string;
  /** The cursor of the last complete sync: only what changed since (absent: everything). */
  @IsOptional() @IsString() @MaxLength(20_000) @Validate(DeviceCursorRule) since?: string;
}

export class DeviceCatalogPageQueryDto extends DeviceCatalogQueryDto {
  @IsIn(DEVICE_CATALOG_PARTS) part: DeviceCatalogPart;
  /** Keyset: the last id of the previous page. */
  @IsOptional() @IsUUID() after?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(DEVICE_CATALOG_PAGE) limit?: number;
}

/**
 * A sellable variant, compact: [id, productId, nameAr, nameEn, sku, barcodes, properties,
 * sellPrice, minSellPrice, vatRate, unit, etaItemType, etaItemCode, categoryId] (money in piasters;
 * nameAr is the product's Arabic name, as the e-receipt describes the line). The ETA item (issue 32
 * item 6) came after: a row synced before it has 11 fields, and the till builds no e-receipt with
 * it. The category (issue 33: the till's promotions on a category offline) came next. A tracked
 * product's row (issue 34, docs/decisions/0107) ends with its tracking and IMEI count, so the till
 * asks for its serials offline too; an untracked product's row stops at the category.
 */
export type DeviceVariantRow = [
  string,
  string,
  string,
  string | null,
  string,
  string[],
  Record<string, string>,
  number,
  number,
  number,
  Unit,
  ('GS1' | 'EGS' | null)?,
  (string | null)?,
  (string | null)?,
  ('serial' | 'batch')?,
  number?,
];
/** [variantId, onHand, reserved] in the till's inventory. */
export type DeviceStockRow = [string, number, number];
/** [id, name, phone, balance, creditLimit] (piasters). */
export type DeviceCustomerRow = [string, string, string | null, number, number];

export type DevicePaymentMethod = {
  id: string;
  nameAr: string;
  nameEn: string | null;
  type: string;
  sortOrder: number;
};

/** What the receipt prints besides the sale (the store's contact lines and footer). */
export type DeviceReceiptData = {
  phoneNumber: string | null;
  secondPhoneNumber: string | null;
  address: string | null;
  recepitInfo: string | null;
  receiptFooterImage: string | null;
};

export type DeviceCatalogStartDto = {
  /** Store it only once every page of this sync is in: the next sync's `since`. */
  cursor: string;
  /** Whether this is everything (no `since`) or only the changes since it. */
  full: boolean;
  /** Rows each part's pages hold (for the progress bar). */
  counts: Record<DeviceCatalogPart, number>;
  /** Always whole (a few rows): replace the device's list. */
  paymentMethods: DevicePaymentMethod[];
  receipt: DeviceReceiptData | null;
  /**
   * The till's e-receipts (issue 32 item 6): the issuer, whether they are on and the till's ETA
   * POS serial (asked with `deviceId`); absent from an older server.
   */
  eReceipt?: DeviceEReceiptData;
  /** Deleted since `since` (empty on a full load). */
  removed: { variants: string[]; customers: string[] };
};

export type DeviceCatalogPageDto<R = unknown[]> = {
  rows: R[];
  /** Variants that left the sale since `since` (deactivated: theirs or their product's). */
  removed: string[];
  /** The `after` of the next page, or null after the last. */
  next: string | null;
};
