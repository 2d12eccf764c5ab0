import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
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
  ValidateNested,
} from 'class-validator';
import { NameText } from './resource-dto';
import { IsDocumentDate } from './calendar-date';
import { ListQueryDto } from './list.dto';
import { MaxDocumentMoney, MaxLineQuantity, MaxUnitPrice } from './limit-rules';
import { LotCode, SerialCodes, type SerialUnitDto } from './tracking.dto';
import type { SaleLineTracked } from './sales.dto';

// Maintenance (issue 18 item 1): repair tickets. Money in piasters.
export const MAINTENANCE_STATUSES = [
  'received',
  'diagnosing',
  'waiting_approval',
  'waiting_parts',
  'in_repair',
  'ready',
  'delivered',
  'cancelled',
  'returned_unrepaired',
] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

/** The states a ticket is still being worked on in: it can be cancelled or returned unrepaired. */
export const MAINTENANCE_OPEN_STATUSES: MaintenanceStatus[] = [
  'received',
  'diagnosing',
  'waiting_approval',
  'waiting_parts',
  'in_repair',
];

/** The states parts and labour may still change in (the bill is not settled yet). */
export const MAINTENANCE_WORK_STATUSES: MaintenanceStatus[] = [
  'diagnosing',
  'waiting_approval',
  'waiting_parts',
  'in_repair',
];

/**
 * The legal transitions, one table: the forward flow received → diagnosing → waiting_approval →
 * waiting_parts → in_repair → ready → delivered, the shortcuts a bench really takes (no approval
 * or no parts needed, parts missing again during the repair), and cancelled / returned_unrepaired
 * from every open state. delivered, cancelled and returned_unrepaired are final.
 */
export const MAINTENANCE_TRANSITIONS: Record<MaintenanceStatus, MaintenanceStatus[]> = {
  received: ['diagnosing', 'cancelled', 'returned_unrepaired'],
  diagnosing: [
    'waiting_approval',
    'waiting_parts',
    'in_repair',
    'cancelled',
    'returned_unrepaired',
  ],
  waiting_approval: ['waiting_parts', 'in_repair', 'cancelled', 'returned_unrepaired'],
  waiting_parts: ['in_repair', 'cancelled', 'returned_unrepaired'],
  in_repair: ['waiting_parts', 'ready', 'cancelled', 'returned_unrepaired'],
  ready: ['delivered'],
  delivered: [],
  cancelled: [],
  returned_unrepaired: [],
};

export const canMoveTicket = (from: MaintenanceStatus, to: MaintenanceStatus): boolean =>
  MAINTENANCE_TRANSITIONS[from].includes(to);

export const MAINTENANCE_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type MaintenancePriority = (typeof MAINTENANCE_PRIORITIES)[number];

export const MAINTENANCE_DEVICE_TYPES = [
  'phone',
  'tablet',
  'laptop',
  'desktop',
  'appliance',
  'other',
] as const;
export type MaintenanceDeviceType = (typeof MAINTENANCE_DEVICE_TYPES)[number];

/** The accessories the intake checklist offers (a ticket stores the ones received). */
export const MAINTENANCE_ACCESSORIES = [
  'charger',
  'cable',
  'battery',
  'case',
  'sim',
  'memory_card',
  'box',
  'other',
] as const;
export type MaintenanceAccessory = (typeof MAINTENANCE_ACCESSORIES)[number];

/** Longest warranty a repair may carry (days). */
export const MAINTENANCE_MAX_WARRANTY_DAYS = 730;

export class MaintenanceCreateDto {
  /** the client's id: a retry creates nothing twice */
  @IsUUID() id: string;
  @IsUUID() customerId: string;
  /** another branch than the user's own: administrators only */
  @IsOptional() @IsUUID() branchId?: string;
  @IsIn(MAINTENANCE_DEVICE_TYPES) deviceType: MaintenanceDeviceType;
  @NameText()
  @IsOptional()
  @IsString()
  @MaxLength(60)
  brand?: string;
  @NameText()
  @IsOptional()
  @IsString()
  @MaxLength(80)
  model?: string;
  @IsOptional() @IsString() @MaxLength(60) serial?: string;
  @IsString()
  @Matches(/\S/, { message: 'validation.maintenance.problemRequired' })
  @MaxLength(1000)
  problem: string;
  @IsOptional() @IsString() @MaxLength(1000) condition?: string;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAINTENANCE_ACCESSORIES.length)
  @IsIn(MAINTENANCE_ACCESSORIES, { each: true })
  accessories?: MaintenanceAccessory[];
  @IsOptional() @IsString() @MaxLength(200) accessoriesNote?: string;
  @IsOptional() @IsInt() @Min(0) @MaxDocumentMoney() estimate?: number;
  @IsOptional() @IsDocumentDate({ dateOnly: true }) estimatedDate?: string;
  /** paid at intake into `vaultId` (the branch's main cash vault when left out) */
  @IsOptional() @IsInt() @Min(0) @MaxDocumentMoney() deposit?: number;
  @IsOptional() @IsUUID() vaultId?: string;
  @IsOptional() @IsUUID() technicianId?: string;
  @IsOptional() @IsIn(MAINTENANCE_PRIORITIES) priority?: MaintenancePriority;
  @IsOptional() @IsInt() @Min(0) @Max(MAINTENANCE_MAX_WARRANTY_DAYS) warrantyDays?: number;
  /** a device back under the warranty of this delivered ticket: its labour is free */
  @IsOptional() @IsUUID() warrantyOfId?: string;
}

/** What can change on an open ticket besides its status. */
export class MaintenanceUpdateDto {
  @IsOptional() @IsUUID() technicianId?: string | null;
  @IsOptional() @IsIn(MAINTENANCE_PRIORITIES) priority?: MaintenancePriority;
  @IsOptional() @IsInt() @Min(0) @MaxDocumentMoney() estimate?: number;
  @IsOptional() @IsDocumentDate({ dateOnly: true }) estimatedDate?: string | null;
  @IsOptional() @IsInt() @Min(0) @MaxDocumentMoney() labour?: number;
  @IsOptional() @IsInt() @Min(0) @Max(MAINTENANCE_MAX_WARRANTY_DAYS) warrantyDays?: number;
  @IsOptional() @IsString() @MaxLength(1000) diagnosis?: string;
}

export class MaintenanceTransitionDto {
  @IsIn(MAINTENANCE_STATUSES) to: MaintenanceStatus;
  /** delivered: the vault the bill is paid into; cancelled / returned unrepaired: the vault the
   * deposit is given back from (the branch's main cash vault when left out) */
  @IsOptional() @IsUUID() vaultId?: string;
  /** delivered at the POS: the bill goes into the cashier's open shift by this payment method
   * (cash, card…; not with a vault) */
  @IsOptional() @IsUUID() methodId?: string;
  @IsOptional() @IsString() @MaxLength(300) note?: string;
}

export class MaintenancePartDto {
  @IsUUID() variantId: string;
  @IsInt() @Min(1) @MaxLineQuantity() quantity: number;
  /** what the customer pays per unit (the variant's sell price when left out) */
  @IsOptional() @IsInt() @Min(0) @MaxUnitPrice() unitPrice?: number;
  /**
   * A serial-tracked part's units (docs/decisions/0123): one serial or IMEI per unit, as many as
   * the quantity, each in stock at the ticket's inventory: required for such a part
   */
  @SerialCodes()
  serials?: string[];
  /** A batch-tracked part's lot instead of the first-expiry-first-out pick (never an expired one) */
  @LotCode()
  lot?: string;
}

export class MaintenancePartsDto {
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => MaintenancePartDto)
  parts: MaintenancePartDto[];
}

export class MaintenanceListQueryDto extends ListQueryDto {
  @IsOptional() @IsIn(MAINTENANCE_STATUSES) status?: MaintenanceStatus;
  @IsOptional() @IsUUID() technicianId?: string;
  @IsOptional() @IsUUID() branchId?: string;
}

export type MaintenanceHistoryDto = {
  from: MaintenanceStatus | null;
  to: MaintenanceStatus;
  userName: string | null;
  note: string | null;
  at: string;
};

export type MaintenancePartRowDto = {
  id: string;
  variantId: string;
  name: string;
  barcode: string | null;
  quantity: number;
  unitPrice: number;
  total: number;
  at: string;
  /** a tracked part's units or lots as they left stock (decision 0123); null: untracked */
  tracked: SaleLineTracked | null;
};

/**
 * GET /Maintenance/serial/{code} (issue 34 item 4, docs/decisions/0128): the device a serial or an
 * IMEI names, and its last sale, for a ticket taken in by that code.
 */
export type MaintenanceSerialDto = {
  serial: string;
  imei2: string | null;
  productName: string;
  sale: SerialUnitDto['sale'];
};

export type MaintenanceTicketDto = {
  id: string;
  number: string;
  status: MaintenanceStatus;
  branchId: string;
  branchName: string;
  customerId: string;
  customerName: string;
  customerPhone: string | null;
  deviceType: MaintenanceDeviceType;
  brand: string | null;
  model: string | null;
  serial: string | null;
  problem: string;
  condition: string | null;
  diagnosis: string | null;
  accessories: MaintenanceAccessory[];
  accessoriesNote: string | null;
  estimate: number;
  estimatedDate: string | null;
  deposit: number;
  labour: number;
  partsTotal: number;
  /** parts + labour */
  total: number;
  /** total − deposit (negative: the shop owes the customer) */
  due: number;
  paid: number;
  /** the VAT included in the bill (store's service VAT rate, set at delivery) */
  vat: number;
  /** paid at the POS: the payment method's name (null: paid into a vault or nothing paid) */
  paidMethodName: string | null;
  /** delivered and billed: the sale document of the bill (issue 30), null before or without one */
  saleId: string | null;
  saleNumber: string | null;
  technicianId: string | null;
  technicianName: string | null;
  priority: MaintenancePriority;
  warrantyDays: number;
  warrantyOfId: string | null;
  warrantyOfNumber: string | null;
  /** delivered tickets: the last day of the warranty (store time zone), null without one */
  warrantyUntil: string | null;
  deliveredAt: string | null;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
  /** the statuses the ticket may go to next (MAINTENANCE_TRANSITIONS) */
  next: MaintenanceStatus[];
  parts?: MaintenancePartRowDto[];
  history?: MaintenanceHistoryDto[];
  /** the device's photos (GET /Maintenance/{id}/photos/{photoId}) */
  photos?: MaintenancePhotoDto[];
};

export type MaintenanceCountsDto = Record<MaintenanceStatus, number>;
/** Photos a ticket may hold (each at most EXPENSE_ATTACHMENT_MAX_BYTES). */
export const MAINTENANCE_MAX_PHOTOS = 10;
export type MaintenancePhotoDto = { id: string; at: string };
export type MaintenanceTechnicianDto = { id: string; name: string };
/** A vault a ticket's bill may be paid into (or a deposit given back from). */
export type MaintenanceVaultDto = { id: string; name: string; branchId: string; isMain: boolean };
