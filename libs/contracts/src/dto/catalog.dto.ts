import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsBooleanString,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { defineResource } from '../resource';
import { partialOf, NameText } from './resource-dto';
import { ListQueryDto } from './list.dto';
import { LIMITS, UNITS, type Unit } from '../limits';
import { MaxDocumentLines, MaxStockQuantity, MaxUnitPrice, MinStockQuantity } from './limit-rules';
import { MAX_IMEIS, TRACKINGS, type Tracking } from '../tracking';
import { TrackedLineInput } from './tracking.dto';

// Money is integer piasters; quantities are numbers with at most 3 decimals (numeric(14,3)).
// Limits: ../limits.ts.
const QTY = { maxDecimalPlaces: 3 };
const BARCODE = /^[\x21-\x7E]{1,50}$/;

export const ETA_ITEM_TYPES = ['GS1', 'EGS'] as const;
export type EtaItemType = (typeof ETA_ITEM_TYPES)[number];

export const STOCK_REASONS = [
  'opening',
  'adjustment',
  'sale',
  'return',
  'purchase',
  'transfer_out',
  'transfer_in',
  'stocktaking',
  'purchase_return',
  'repair',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

// ---------- categories and property types ----------
export class CategoryCreateDto {
  @IsString({ message: 'validation.catalog.nameRequired' })
  @MinLength(1, { message: 'validation.catalog.nameRequired' })
  @MaxLength(120)
  @NameText()
  name: string;
  @NameText()
  @IsOptional()
  @IsString()
  @MaxLength(120)
  nameEn?: string | null;
  @IsOptional() @IsUUID() parentId?: string | null;
}
export class CategoryUpdateDto {
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'validation.catalog.nameRequired' })
  @MaxLength(120)
  @NameText()
  name?: string;
  @NameText()
  @IsOptional()
  @IsString()
  @MaxLength(120)
  nameEn?: string | null;
  @IsOptional() @IsUUID() parentId?: string | null;
}
export type CategoryResponseDto = {
  id: string;
  name: string;
  nameEn: string | null;
  parentId: string | null;
  productCount: number;
};
/** The categories' calls, for the client's resource form (the tree's list is `GET /Categories`). */
export const CATEGORIES = defineResource<CategoryResponseDto, CategoryCreateDto, CategoryUpdateDto>(
  {
    path: '/Categories',
    create: CategoryCreateDto,
    update: CategoryUpdateDto,
    query: ListQueryDto,
    sortable: ['name'],
    defaultSort: 'name',
    read: ['can_see_categories'],
    write: ['can_manage_products'],
  },
);

export class PropertyTypeCreateDto {
  @IsString({ message: 'validation.catalog.nameRequired' })
  @MinLength(1, { message: 'validation.catalog.nameRequired' })
  @MaxLength(60)
  @NameText()
  name: string;
  @IsArray()
  @ArrayUnique()
  @ArrayMaxSize(200)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(60, { each: true })
  values: string[];
}
export const PropertyTypeUpdateDto = partialOf(PropertyTypeCreateDto);
export type PropertyTypeUpdateDto = Partial<PropertyTypeCreateDto>;
export type PropertyTypeResponseDto = { id: string; name: string; values: string[] };
export const PROPERTY_TYPES = defineResource<PropertyTypeResponseDto, PropertyTypeCreateDto>({
  path: '/PropertyTypes',
  create: PropertyTypeCreateDto,
  update: PropertyTypeUpdateDto,
  query: ListQueryDto,
  sortable: ['name'],
  defaultSort: 'name',
  read: ['can_see_products'],
  write: ['can_manage_products'],
});

// ---------- products and variants ----------
export class OpeningStockDto {
  @IsUUID() inventoryId: string;
  @IsNumber(QTY) @Min(0) @MaxStockQuantity() quantity: number;
}

export class VariantInputDto {
  @IsOptional() @IsString() @Matches(BARCODE, { message: 'validation.catalog.sku' }) sku?: string;
  @IsArray()
  @ArrayUnique()
  @ArrayMaxSize(10)
  @Matches(BARCODE, { each: true, message: 'validation.catalog.barcode' })
  barcodes: string[];
  /** Property type name → value, e.g. { "المقاس": "L", "اللون": "أحمر" } */
  @IsOptional() @IsObject() properties?: Record<string, string>;
  @IsInt() @Min(0) @MaxUnitPrice() sellPrice: number;
  @IsOptional() @IsInt() @Min(0) @MaxUnitPrice() minSellPrice?: number;
  /** Needs can_see_buy_price; ignored otherwise. */
  @IsOptional() @IsInt() @Min(0) @MaxUnitPrice() avgCost?: number;
  @IsOptional() @IsNumber(QTY) @Min(0) @Max(LIMITS.lowStockThreshold) lowStockThreshold?: number;
  @IsOptional() @IsBoolean() active?: boolean;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => OpeningStockDto)
  openingStock?: OpeningStockDto[];
}

export class VariantUpdateDto {
  @IsOptional() @IsString() @Matches(BARCODE, { message: 'validation.catalog.sku' }) sku?: string;
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @ArrayMaxSize(10)
  @Matches(BARCODE, { each: true, message: 'validation.catalog.barcode' })
  barcodes?: string[];
  @IsOptional() @IsObject() properties?: Record<string, string>;
  @IsOptional() @IsInt() @Min(0) @MaxUnitPrice() sellPrice?: number;
  @IsOptional() @IsInt() @Min(0) @MaxUnitPrice() minSellPrice?: number;
  @IsOptional() @IsInt() @Min(0) @MaxUnitPrice() avgCost?: number;
  @IsOptional() @IsNumber(QTY) @Min(0) @Max(LIMITS.lowStockThreshold) lowStockThreshold?: number;
  @IsOptional() @IsBoolean() active?: boolean;
}

class ProductFields {
  @NameText()
  @IsOptional()
  @IsString()
  @MaxLength(200)
  nameEn?: string | null;
  @IsOptional() @IsUUID() categoryId?: string | null;
  @IsOptional() @IsIn(UNITS) unit?: Unit;
  /** Whole percent, 0–100 (Egypt's VAT is 14). */
  @IsOptional() @IsInt() @Min(0) @Max(100) vatRate?: number;
  @IsOptional() @IsIn(ETA_ITEM_TYPES) etaItemType?: EtaItemType | null;
  @IsOptional() @IsString() @MaxLength(100) etaItemCode?: string | null;
  @IsOptional() @IsString() @MaxLength(500) image?: string | null;
  @IsOptional() @IsBoolean() active?: boolean;
  /** none, serial (one unit per serial) or batch (lots with expiry): issue 34 */
  @IsOptional() @IsIn(TRACKINGS) tracking?: Tracking;
  /** A serial product that is a phone: its IMEIs per unit (1, or 2 for dual SIM; 0: not a phone). */
  @IsOptional() @IsInt() @Min(0) @Max(MAX_IMEIS) imeiCount?: number;
  /** The property types this product varies by (names shown as grid columns). */
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @ArrayMaxSize(5)
  @IsUUID('all', { each: true })
  propertyTypeIds?: string[];
}

export class ProductCreateDto extends ProductFields {
  @IsString({ message: 'validation.catalog.nameRequired' })
  @MinLength(1, { message: 'validation.catalog.nameRequired' })
  @MaxLength(200)
  @NameText()
  nameAr: string;
  @IsArray()
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => VariantInputDto)
  variants: VariantInputDto[];
}

export class ProductUpdateDto extends ProductFields {
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'validation.catalog.nameRequired' })
  @MaxLength(200)
  @NameText()
  nameAr?: string;
}

export class ProductListQueryDto extends ListQueryDto {
  @IsOptional() @IsUUID() categoryId?: string;
  @IsOptional() @IsBooleanString() active?: string;
}

export class VariantListQueryDto extends ListQueryDto {
  @IsOptional() @IsUUID() inventoryId?: string;
  @IsOptional() @IsUUID() categoryId?: string;
  @IsOptional() @IsUUID() productId?: string;
}

export class VariantSearchQueryDto {
  @IsString() @MaxLength(100) q: string;
  @IsOptional() @IsUUID() inventoryId?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(50) limit?: number;
}

/** Cost fields (avgCost, value at cost, margin) are present only with can_see_buy_price. */
export type VariantResponseDto = {
  id: string;
  productId: string;
  productName: string;
  productNameEn: string | null;
  sku: string;
  barcodes: string[];
  properties: Record<string, string>;
  sellPrice: number;
  minSellPrice: number;
  avgCost?: number;
  marginPercent?: number | null;
  lowStockThreshold: number;
  vatRate: number;
  unit: Unit;
  active: boolean;
  /** the product's category (the till's promotions on a category, issue 33) */
  categoryId?: string | null;
  /** how its units are told apart (issue 34); absent: none */
  tracking?: Tracking;
  imeiCount?: number;
  /** On hand in the requested inventory (search, lists with inventoryId) */
  onHand?: number;
  reserved?: number;
};

export type ProductResponseDto = {
  id: string;
  nameAr: string;
  nameEn: string | null;
  categoryId: string | null;
  categoryName: string | null;
  unit: Unit;
  vatRate: number;
  etaItemType: EtaItemType | null;
  etaItemCode: string | null;
  image: string | null;
  active: boolean;
  /** how its units are told apart (issue 34) */
  tracking?: Tracking;
  imeiCount?: number;
  propertyTypeIds: string[];
  variantCount: number;
  createdAt: string;
  variants?: (VariantResponseDto & {
    stock: { inventoryId: string; inventoryName: string; onHand: number; reserved: number }[];
  })[];
};

// ---------- a product's property types after creation ----------
export class ProductAxisDto {
  @IsUUID() propertyTypeId: string;
  /** Every value of this axis after the change, in grid order; values new to the type are added to it. */
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.catalog.axisValues' })
  @ArrayMaxSize(200)
  @ArrayUnique()
  @IsString({ each: true })
  @Matches(/\S/, { each: true, message: 'validation.catalog.axisValues' })
  @MaxLength(60, { each: true })
  values: string[];
  /** Only for an axis the product did not have: the value its existing variants get. */
  @IsOptional() @IsString() @MaxLength(60) existingValue?: string;
}

export class ProductRemovedAxisDto {
  @IsUUID() propertyTypeId: string;
  /** The variants with this value stay (without the axis); the others retire. */
  @IsString() @MaxLength(60) keepValue: string;
}

/**
 * POST /api/Products/{id}/properties: the product's axes after the change, and one variant input
 * for each combination that has no variant yet (exactly those; see planProductAxes).
 */
export class ProductPropertiesUpdateDto {
  @IsArray()
  @ArrayMaxSize(5)
  @ArrayUnique((axis: ProductAxisDto | null) => axis?.propertyTypeId)
  @ValidateNested({ each: true })
  @Type(() => ProductAxisDto)
  axes: ProductAxisDto[];
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5)
  @ArrayUnique((axis: ProductRemovedAxisDto | null) => axis?.propertyTypeId)
  @ValidateNested({ each: true })
  @Type(() => ProductRemovedAxisDto)
  removedAxes?: ProductRemovedAxisDto[];
  @IsArray()
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => VariantInputDto)
  variants: VariantInputDto[];
}

export type ProductPropertiesResultDto = {
  product: ProductResponseDto;
  created: number;
  reactivated: number;
  deactivated: number;
  deleted: number;
};

// ---------- inventories and stock ----------
export class InventoryCreateDto {
  @IsUUID() branchId: string;
  @IsString({ message: 'validation.catalog.nameRequired' })
  @MinLength(1, { message: 'validation.catalog.nameRequired' })
  @MaxLength(120)
  @NameText()
  name: string;
  @IsOptional() @IsBoolean() isDefault?: boolean;
  @IsOptional() @IsBoolean() allowNegative?: boolean;
}
export class InventoryUpdateDto {
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'validation.catalog.nameRequired' })
  @MaxLength(120)
  @NameText()
  name?: string;
  @IsOptional() @IsBoolean() isDefault?: boolean;
  @IsOptional() @IsBoolean() allowNegative?: boolean;
}
export type InventoryResponseDto = {
  id: string;
  branchId: string;
  branchName: string;
  name: string;
  isDefault: boolean;
  allowNegative: boolean;
  variantCount: number;
  /** Sum of on hand × average cost, only with can_see_buy_price */
  valueAtCost?: number;
};

export class InventoryStockQueryDto extends ListQueryDto {
  @IsOptional() @IsUUID() categoryId?: string;
  /** 'low' = at or below threshold, 'out' = on hand ≤ 0, 'in' = on hand > 0 */
  @IsOptional() @IsIn(['low', 'out', 'in']) filter?: 'low' | 'out' | 'in';
}

export type StockRowDto = {
  variantId: string;
  productId: string;
  productName: string;
  sku: string;
  barcodes: string[];
  properties: Record<string, string>;
  onHand: number;
  reserved: number;
  lowStockThreshold: number;
  sellPrice: number;
  avgCost?: number;
  valueAtCost?: number;
};

export type StockMovementDto = {
  id: string;
  variantId: string;
  inventoryId: string;
  quantity: number;
  balanceAfter: number;
  reason: StockReason;
  referenceType: string | null;
  referenceId: string | null;
  unitCost?: number | null;
  userId: string | null;
  userName: string | null;
  at: string;
  note: string | null;
};

/** A serial product's line takes `serials` (one per unit), a batch product's `batch`. */
export class StockAdjustmentLineDto extends TrackedLineInput {
  @IsUUID() variantId: string;
  /** Signed change (+ adds, − removes); use `countedQuantity` to set the on-hand figure instead. */
  @IsOptional() @IsNumber(QTY) @MinStockQuantity() @MaxStockQuantity() quantity?: number;
  @IsOptional() @IsNumber(QTY) @Min(0) @MaxStockQuantity() countedQuantity?: number;
  @IsOptional() @IsInt() @Min(0) @MaxUnitPrice() unitCost?: number;
}

export class StockAdjustmentDto {
  @IsUUID() inventoryId: string;
  @IsIn(['opening', 'adjustment']) reason: 'opening' | 'adjustment';
  @IsArray()
  @MaxDocumentLines()
  @ValidateNested({ each: true })
  @Type(() => StockAdjustmentLineDto)
  lines: StockAdjustmentLineDto[];
  @IsOptional() @IsString() @MaxLength(500) note?: string;
}

export type NearStockEndDto = {
  variantId: string;
  productId: string;
  productName: string;
  sku: string;
  properties: Record<string, string>;
  inventoryId: string;
  inventoryName: string;
  branchId: string;
  onHand: number;
  lowStockThreshold: number;
};

export type ImportReportDto = {
  /** true when nothing was written (dry run, or errors found) */
  dryRun: boolean;
  totalRows: number;
  created: number;
  updated: number;
  errors: { row: number; column?: string; message: string }[];
  preview: {
    row: number;
    nameAr: string;
    sku: string;
    barcode: string | null;
    sellPrice: number;
    action: 'create' | 'update';
  }[];
  jobId?: string;
};

export class StockMovementQueryDto extends ListQueryDto {
  @IsOptional() @IsUUID() inventoryId?: string;
}

export class InventoryListQueryDto extends ListQueryDto {
  @IsOptional() @IsUUID() branchId?: string;
}

/** /Inventories: a branch's inventories (delete: none, an inventory keeps its ledger). */
export const INVENTORIES = defineResource<
  InventoryResponseDto,
  InventoryCreateDto,
  InventoryUpdateDto
>({
  path: '/Inventories',
  create: InventoryCreateDto,
  update: InventoryUpdateDto,
  query: InventoryListQueryDto,
  sortable: ['name', 'branchName'],
  defaultSort: 'position',
  read: ['can_see_inventories'],
  write: ['can_manage_products'],
  remove: false,
});
