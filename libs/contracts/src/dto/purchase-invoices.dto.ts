import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsDocumentDate } from './calendar-date';
import { ListQueryDto } from './list.dto';
import {
  MaxDocumentLines,
  MaxDocumentMoney,
  MaxLineQuantity,
  MaxPaymentMoney,
  MaxUnitPrice,
} from './limit-rules';
import { TrackedLineInput } from './tracking.dto';

// Purchase invoices (issue 14 item 2) and purchase returns (item 3). Money in piasters; quantities
// numeric(14,3). Every cost field needs can_see_buy_price: entering or posting an invoice needs it
// too (the clerk types the costs), reading the list without it shows no money.

export const PURCHASE_INVOICE_STATUSES = ['draft', 'posted', 'cancelled'] as const;
export type PurchaseInvoiceStatus = (typeof PURCHASE_INVOICE_STATUSES)[number];

const QTY = { maxDecimalPlaces: 3 };

/** A serial product's line takes `serials` (one per unit), a batch product's `batch` (issue 34). */
export class PurchaseLineInputDto extends TrackedLineInput {
  @IsUUID() variantId: string;
  @IsNumber(QTY) @Min(0.001) @MaxLineQuantity() quantity: number;
  /** piasters per unit, before the line's discount and VAT */
  @IsInt() @Min(0) @MaxUnitPrice() unitCost: number;
  /** piasters off the whole line */
  @IsOptional() @IsInt() @Min(0) @MaxDocumentMoney() discount?: number;
  /** percent, 0–100 (default: the product's VAT rate) */
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2 }) @Min(0) @Max(100) vatRate?: number;
}

/** Money paid at posting: from a cash vault, or a bank vault (card/bank transfer). */
export class PurchasePaymentInputDto {
  @IsUUID() vaultId: string;
  @IsInt() @Min(1) @MaxPaymentMoney() amount: number;
}

export class PurchaseInvoiceInputDto {
  @IsUUID() vendorId: string;
  @IsUUID() inventoryId: string;
  @IsOptional() @IsString() @MaxLength(60) vendorInvoiceNumber?: string | null;
  /** YYYY-MM-DD; today when omitted */
  @IsOptional() @IsDocumentDate({ dateOnly: true }) invoiceDate?: string;
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.purchase.noLines' })
  @MaxDocumentLines()
  @ValidateNested({ each: true })
  @Type(() => PurchaseLineInputDto)
  lines: PurchaseLineInputDto[];
  @IsOptional() @IsString() @MaxLength(500) note?: string | null;
}

/** Save a new invoice (a draft, or posted at once with `post`). */
export class PurchaseInvoiceCreateDto extends PurchaseInvoiceInputDto {
  @IsOptional() @IsBoolean() post?: boolean;
  /** Only with `post`: what is paid now (the rest stays on credit). */
  @IsOptional()
  @ValidateNested()
  @Type(() => PurchasePaymentInputDto)
  payment?: PurchasePaymentInputDto;
}

/** Post a saved draft (its lines as saved). */
export class PurchaseInvoicePostDto {
  @IsOptional()
  @ValidateNested()
  @Type(() => PurchasePaymentInputDto)
  payment?: PurchasePaymentInputDto;
}

export class PurchaseInvoiceListQueryDto extends ListQueryDto {
  @IsOptional() @IsIn(PURCHASE_INVOICE_STATUSES) status?: PurchaseInvoiceStatus;
  @IsOptional() @IsUUID() vendorId?: string;
}

export type PurchaseInvoiceLineDto = {
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
  returnedQuantity: number;
  /** a tracked product's serials or batch as entered (issue 34) */
  serials?: { serial: string; imei2?: string | null }[] | null;
  batch?: { lot: string; expiryDate: string; productionDate?: string | null } | null;
  tracking?: 'none' | 'serial' | 'batch';
  imeiCount?: number;
  /** The money fields below need can_see_buy_price. */
  unitCost?: number;
  discount?: number;
  vatRate?: number;
  vat?: number;
  total?: number;
};

export type PurchaseInvoiceDto = {
  id: string;
  number: string;
  status: PurchaseInvoiceStatus;
  vendorId: string;
  vendorName: string;
  branchId: string;
  inventoryId: string;
  inventoryName: string;
  vendorInvoiceNumber: string | null;
  invoiceDate: string;
  dueDate: string | null;
  note: string | null;
  createdAt: string;
  postedAt: string | null;
  lineCount: number;
  /** The money fields below need can_see_buy_price. */
  subtotal?: number;
  discount?: number;
  vat?: number;
  total?: number;
  paid?: number;
  returned?: number;
  lines?: PurchaseInvoiceLineDto[];
};

/** A tracked product's line goes back with its serials or its lot (issue 34). */
export class PurchaseReturnLineInputDto extends TrackedLineInput {
  @IsUUID() lineId: string;
  @IsNumber(QTY) @Min(0.001) @MaxLineQuantity() quantity: number;
}

export class PurchaseReturnCreateDto {
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.purchase.noLines' })
  @MaxDocumentLines()
  @ValidateNested({ each: true })
  @Type(() => PurchaseReturnLineInputDto)
  lines: PurchaseReturnLineInputDto[];
  @IsOptional() @IsString() @MaxLength(500) note?: string | null;
}

export type PurchaseReturnDto = {
  id: string;
  number: string;
  invoiceId: string;
  total: number;
  vat: number;
};

/** The /buy screen's vendor search (active vendors, Arabic normalised). */
export class VendorLookupQueryDto {
  @IsOptional() @IsString() @MaxLength(200) q?: string;
}

export type PurchaseOptionsDto = {
  inventories: {
    id: string;
    name: string;
    branchId: string;
    branchName: string;
    isDefault: boolean;
  }[];
  vaults: { id: string; name: string; type: 'cash' | 'bank'; branchId: string; isMain: boolean }[];
};

export type VendorLookupDto = { id: string; name: string; paymentTermsDays: number };
