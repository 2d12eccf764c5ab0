import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsDocumentDate } from './calendar-date';
import { MaxDocumentLines, MaxLineQuantity, MaxUnitPrice } from './limit-rules';
import { ListQueryDto } from './list.dto';

// Purchase orders (issue 14, item 5): an optional step before the purchase invoice. No money and
// no stock move on an order; the invoice made from it records what arrived (applyPurchaseOrderReceipt).
export const PURCHASE_ORDER_STATUSES = [
  'ordered',
  'partly_received',
  'received',
  'closed',
  'cancelled',
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

export const PURCHASE_ORDER_ACTIONS = ['edit', 'receive', 'close', 'cancel'] as const;
export type PurchaseOrderAction = (typeof PURCHASE_ORDER_ACTIONS)[number];

/**
 * The states each action may start from. `receive` moves to partly_received or received by what
 * has arrived; `close` ends an order whose rest will not come (or a fully received one);
 * `cancel` is only for an order nothing of which has arrived.
 */
export const PURCHASE_ORDER_TRANSITIONS: Record<PurchaseOrderAction, PurchaseOrderStatus[]> = {
  edit: ['ordered'],
  receive: ['ordered', 'partly_received'],
  close: ['partly_received', 'received'],
  cancel: ['ordered'],
};

const QTY = { maxDecimalPlaces: 3 };

export class PurchaseOrderLineInputDto {
  @IsUUID() variantId: string;
  @IsNumber(QTY) @Min(0.001) @MaxLineQuantity() quantity: number;
  /** piasters; needs can_see_buy_price. Left out: the last ordered cost, else the average cost. */
  @IsOptional() @IsInt() @Min(0) @MaxUnitPrice() unitCost?: number;
}

export class PurchaseOrderCreateDto {
  @IsUUID() vendorId: string;
  @IsUUID() inventoryId: string;
  @IsOptional() @IsDocumentDate({ dateOnly: true }) expectedDate?: string;
  @IsOptional() @IsString() @MaxLength(500) note?: string;
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.purchaseOrder.noLines' })
  @MaxDocumentLines()
  @ValidateNested({ each: true })
  @Type(() => PurchaseOrderLineInputDto)
  lines: PurchaseOrderLineInputDto[];
}

/** Editing an order still `ordered`: any field; lines are replaced when given. */
export class PurchaseOrderUpdateDto {
  @IsOptional() @IsUUID() vendorId?: string;
  @IsOptional() @IsUUID() inventoryId?: string;
  /** null clears it */
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsDocumentDate({ dateOnly: true })
  expectedDate?: string | null;
  @IsOptional() @IsString() @MaxLength(500) note?: string;
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.purchaseOrder.noLines' })
  @MaxDocumentLines()
  @ValidateNested({ each: true })
  @Type(() => PurchaseOrderLineInputDto)
  lines?: PurchaseOrderLineInputDto[];
}

export class PurchaseOrderActionDto {
  @IsOptional() @IsString() @MaxLength(500) note?: string;
}

export class PurchaseOrderReceiptLineDto {
  @IsUUID() variantId: string;
  @IsNumber(QTY) @Min(0.001) @MaxLineQuantity() quantity: number;
}

/** Goods that arrived against the order (added to what was received before). */
export class PurchaseOrderReceiveDto {
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.purchaseOrder.noLines' })
  @MaxDocumentLines()
  @ValidateNested({ each: true })
  @Type(() => PurchaseOrderReceiptLineDto)
  lines: PurchaseOrderReceiptLineDto[];
  @IsOptional() @IsString() @MaxLength(500) note?: string;
}

export class PurchaseOrderListQueryDto extends ListQueryDto {
  @IsOptional() @IsIn(PURCHASE_ORDER_STATUSES) status?: PurchaseOrderStatus;
  @IsOptional() @IsUUID() vendorId?: string;
}

export class ReorderSuggestionQueryDto {
  /** the inventory to restock; default: the user's branch's default inventory */
  @IsOptional() @IsUUID() inventoryId?: string;
}

export class VendorOptionsQueryDto {
  @IsOptional() @IsString() @MaxLength(100) q?: string;
}

export class ReorderLineInputDto {
  @IsUUID() variantId: string;
  @IsUUID() vendorId: string;
  @IsNumber(QTY) @Min(0.001) @MaxLineQuantity() quantity: number;
  @IsOptional() @IsInt() @Min(0) @MaxUnitPrice() unitCost?: number;
}

/** The chosen suggestion lines become one purchase order per vendor, in one command. */
export class ReorderCreateDto {
  @IsUUID() inventoryId: string;
  @IsOptional() @IsDocumentDate({ dateOnly: true }) expectedDate?: string;
  @IsOptional() @IsString() @MaxLength(500) note?: string;
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.purchaseOrder.noLines' })
  @MaxDocumentLines()
  @ValidateNested({ each: true })
  @Type(() => ReorderLineInputDto)
  lines: ReorderLineInputDto[];
}

export type PurchaseOrderLineDto = {
  id: string;
  lineNo: number;
  variantId: string;
  productName: string;
  productNameEn: string | null;
  sku: string;
  barcodes: string[];
  properties: Record<string, string>;
  unit: string;
  quantity: number;
  receivedQuantity: number;
  /** ordered − received, never below 0 */
  remainingQuantity: number;
  /** piasters; only with can_see_buy_price */
  unitCost?: number;
  lineTotal?: number;
};

export type PurchaseOrderResponseDto = {
  id: string;
  number: string;
  status: PurchaseOrderStatus;
  vendorId: string;
  vendorName: string;
  branchId: string;
  branchName: string;
  inventoryId: string;
  inventoryName: string;
  /** YYYY-MM-DD */
  expectedDate: string | null;
  note: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
  lineCount: number;
  orderedQuantity: number;
  receivedQuantity: number;
  /** piasters at the ordered costs; only with can_see_buy_price */
  total?: number;
  /** what this user may do with the order now */
  actions: PurchaseOrderAction[];
  lines?: PurchaseOrderLineDto[];
};

export type ReorderSuggestionRowDto = {
  variantId: string;
  productName: string;
  productNameEn: string | null;
  sku: string;
  properties: Record<string, string>;
  unit: string;
  onHand: number;
  lowStockThreshold: number;
  /** sold in this inventory in the last 30 days, net of returns */
  sold30Days: number;
  /** still to arrive on open orders (ordered or partly received) into this inventory */
  onOrder: number;
  suggestedQuantity: number;
  /** the vendor of the variant's latest purchase order, or null ("no vendor": the user picks) */
  vendorId: string | null;
  vendorName: string | null;
  /** piasters: the last ordered cost, else the average cost; only with can_see_buy_price */
  unitCost?: number;
};

export type ReorderSuggestionDto = {
  inventoryId: string;
  inventoryName: string;
  branchId: string;
  rows: ReorderSuggestionRowDto[];
};

export type VendorOptionDto = { id: string; name: string };
