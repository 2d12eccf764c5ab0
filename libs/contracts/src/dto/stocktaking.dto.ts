import 'reflect-metadata';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
  ArrayMinSize,
} from 'class-validator';
import { ListQueryDto } from './list.dto';
import { MaxLineQuantity, MinLineQuantity } from './limit-rules';

// Stock-taking sessions (DESIGN.md §6): open (counting) → review → posted | cancelled.
export const STOCKTAKING_STATES = ['open', 'review', 'posted', 'cancelled'] as const;
export type StockTakingState = (typeof STOCKTAKING_STATES)[number];
export const STOCKTAKING_ACTIONS = ['count', 'submit', 'reopen', 'post', 'cancel'] as const;
export type StockTakingAction = (typeof STOCKTAKING_ACTIONS)[number];
export const STOCKTAKING_TRANSITIONS: Record<StockTakingAction, StockTakingState[]> = {
  count: ['open'],
  submit: ['open'],
  reopen: ['review'],
  post: ['review'],
  cancel: ['open', 'review'],
};

export class StockTakingStartDto {
  @IsUUID() inventoryId: string;
  @IsIn(['all', 'categories']) scope: 'all' | 'categories';
  @ValidateIf((o: StockTakingStartDto) => o.scope === 'categories')
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.stocktaking.categories' })
  @ArrayMaxSize(500)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  categoryIds?: string[];
  @IsOptional() @IsString() @MaxLength(500) note?: string;
}

/** One count: a scan (barcode) or a typed quantity for a variant; counts add up per variant. */
export class StockTakingCountDto {
  /** client-made id: a retried request is recorded once */
  @IsOptional() @IsUUID() id?: string;
  @ValidateIf((o: StockTakingCountDto) => !o.barcode && !o.serial) @IsUUID() variantId?: string;
  @ValidateIf((o: StockTakingCountDto) => !o.variantId && !o.serial)
  @Matches(/^[\x21-\x7E]{1,50}$/, { message: 'validation.catalog.barcode' })
  barcode?: string;
  /**
   * A serial product is counted unit by unit: the scanned serial (or either IMEI of a phone), one
   * per count (quantity 1, or −1 to take a scan back). A code no unit has needs its product
   * (variantId or barcode). docs/decisions/0117
   */
  @IsOptional() @IsString() @MinLength(1) @MaxLength(50) serial?: string;
  /** A batch product is counted per lot: the lot the counted quantity is of. */
  @IsOptional() @IsString() @MinLength(1) @MaxLength(50) lot?: string;
  /** signed: a negative count corrects an over-count */
  @IsNumber({ maxDecimalPlaces: 3 })
  @MinLineQuantity()
  @MaxLineQuantity()
  quantity: number;
}

export class StockTakingPostDto {
  /** Lines never counted are set to zero (otherwise they are left unchanged). */
  @IsOptional() @IsBoolean() uncountedAsZero?: boolean;
}

export class StockTakingActionDto {
  @IsOptional() @IsString() @MaxLength(500) note?: string;
}

export class StockTakingListQueryDto extends ListQueryDto {
  @IsOptional() @IsUUID() inventoryId?: string;
  @IsOptional() @IsIn(STOCKTAKING_STATES) state?: StockTakingState;
}

export const STOCKTAKING_LINE_FILTERS = ['all', 'differences', 'uncounted', 'counted'] as const;
export type StockTakingLineFilter = (typeof STOCKTAKING_LINE_FILTERS)[number];
export class StockTakingLinesQueryDto extends ListQueryDto {
  @IsOptional() @IsIn(STOCKTAKING_LINE_FILTERS) filter?: StockTakingLineFilter;
}

export type StockTakingProgressDto = { counted: number; total: number };

export type StockTakingResponseDto = {
  id: string;
  number: string;
  state: StockTakingState;
  inventoryId: string;
  inventoryName: string;
  branchId: string;
  branchName: string;
  scope: 'all' | 'categories';
  categoryIds: string[];
  note: string | null;
  startedAt: string;
  startedBy: string | null;
  startedByName: string | null;
  submittedAt: string | null;
  postedAt: string | null;
  postedByName: string | null;
  cancelledAt: string | null;
  total: number;
  counted: number;
  /** lines whose variance is not zero (counted lines only; all lines once posted) */
  differences: number;
  /** piasters (signed), only with can_see_buy_price */
  varianceValue?: number;
};

export type StockTakingLineDto = {
  variantId: string;
  productName: string;
  productNameEn: string | null;
  sku: string;
  barcodes: string[];
  properties: Record<string, string>;
  unit: string;
  /** on hand when the session started */
  expectedAtStart: number;
  /** net stock movements in the inventory since the start (sales, receipts, …): up to the item's last count once counted */
  movementsSince: number;
  /** expectedAtStart + movementsSince: on hand at the last count, or now if not counted yet (frozen once posted) */
  expected: number;
  counted: number | null;
  /** counted − expected; null while not counted */
  variance: number | null;
  countRows: number;
  lastCountedAt: string | null;
  /** piasters, only with can_see_buy_price */
  unitCost?: number;
  varianceValue?: number;
};

export type StockTakingCountRowDto = {
  id: string;
  variantId: string;
  productName: string;
  sku: string;
  properties: Record<string, string>;
  quantity: number;
  userId: string | null;
  userName: string | null;
  at: string;
};

export type StockTakingCountResultDto = {
  count: StockTakingCountRowDto;
  line: StockTakingLineDto;
  progress: StockTakingProgressDto;
};

/**
 * GET /api/StockTakings/{id}/tracked: the variance of the tracked products counted (issue 34 item
 * 5, docs/decisions/0117). A serial product's units expected here and not scanned (`missing`:
 * written off at posting with the count's reason) and those scanned but not in stock here
 * (`unexpected`: brought here at posting, from where they are recorded, or added); a batch
 * product's lots, counted against what each holds here. Once posted: what the posting moved.
 */
export type StockTakingTrackedDto = {
  serials: {
    variantId: string;
    productName: string;
    missing: { serial: string; imei2: string | null }[];
    unexpected: {
      serial: string;
      imei2: string | null;
      /** where the unit is recorded (branch — inventory), or null: out of stock or unknown */
      place: string | null;
      /** its status, null for a code no unit has (added at posting) */
      status: string | null;
    }[];
  }[];
  lots: {
    variantId: string;
    productName: string;
    lot: string;
    expiryDate: string;
    expected: number;
    counted: number;
    variance: number;
  }[];
};
