import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { MAX_SERIALS_PER_LINE } from '../tracking';
import { ListQueryDto } from './list.dto';
import { MaxDocumentLines, MaxLineQuantity } from './limit-rules';

// Transfer requests between inventories (DESIGN.md §6): quantities numeric(14,3), money piasters.
export const TRANSFER_STATES = [
  'draft',
  'requested',
  'approved',
  'rejected',
  'shipped',
  'received',
  'partially_received',
  'cancelled',
] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

export const TRANSFER_ACTIONS = [
  'request',
  'approve',
  'reject',
  'ship',
  'receive',
  'cancel',
] as const;
export type TransferAction = (typeof TRANSFER_ACTIONS)[number];

/** The legal transitions: action → states it may start from, and the state it leads to. */
export const TRANSFER_TRANSITIONS: Record<
  TransferAction,
  { from: TransferState[]; to: TransferState | 'received|partially_received' }
> = {
  request: { from: ['draft'], to: 'requested' },
  approve: { from: ['requested'], to: 'approved' },
  reject: { from: ['requested'], to: 'rejected' },
  ship: { from: ['approved'], to: 'shipped' },
  receive: { from: ['shipped'], to: 'received|partially_received' },
  cancel: { from: ['draft', 'requested', 'approved'], to: 'cancelled' },
};

/** Which end of the transfer acts: the source approves, rejects and ships; the destination receives. */
export const TRANSFER_ACTION_SIDE: Record<TransferAction, 'source' | 'destination' | 'either'> = {
  request: 'either',
  approve: 'source',
  reject: 'source',
  ship: 'source',
  receive: 'destination',
  cancel: 'either',
};

const QTY = { maxDecimalPlaces: 3 };

/** A batch product's lot named on a transfer line, and how much of the line it gives. */
export class TransferLotInputDto {
  @IsString() @MinLength(1) @MaxLength(50) lot: string;
  @IsNumber(QTY) @Min(0.001) @MaxLineQuantity() quantity: number;
}

/** Serials of a transfer line: the codes scanned (a serial, or either IMEI of a phone). */
const serialCodes = () => [
  IsOptional(),
  IsArray(),
  ArrayMaxSize(MAX_SERIALS_PER_LINE),
  IsString({ each: true }),
  MinLength(1, { each: true }),
  MaxLength(50, { each: true }),
];
const applyAll =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) => {
    for (const d of decorators) d(target, key);
  };

export class TransferLineInputDto {
  @IsUUID() variantId: string;
  @IsNumber(QTY) @Min(0.001) @MaxLineQuantity() quantity: number;
  /**
   * A serial product's units, one code each (issue 34 item 5, docs/decisions/0117): as many as
   * the quantity, each in stock at the source.
   */
  @applyAll(serialCodes()) serials?: string[];
  /** A batch product's lots (first expiry first out at shipping when none is named). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => TransferLotInputDto)
  lots?: TransferLotInputDto[];
}

export class TransferCreateDto {
  @IsUUID() fromInventoryId: string;
  @IsUUID() toInventoryId: string;
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.transfer.noLines' })
  @MaxDocumentLines()
  @ValidateNested({ each: true })
  @Type(() => TransferLineInputDto)
  lines: TransferLineInputDto[];
  @IsOptional() @IsString() @MaxLength(500) note?: string;
  /** Save without requesting (state `draft`). */
  @IsOptional() @IsBoolean() draft?: boolean;
}

/** Editing a draft: its lines (replaced) and note. */
export class TransferUpdateDto {
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.transfer.noLines' })
  @MaxDocumentLines()
  @ValidateNested({ each: true })
  @Type(() => TransferLineInputDto)
  lines?: TransferLineInputDto[];
  @IsOptional() @IsString() @MaxLength(500) note?: string;
}

export class TransferActionDto {
  @IsOptional() @IsString() @MaxLength(500) note?: string;
}

export class TransferReceiveLineDto {
  @IsUUID() lineId: string;
  @IsNumber(QTY) @Min(0) @MaxLineQuantity() receivedQuantity: number;
  /** Required when the received quantity differs from the shipped one (shortage or over-receipt). */
  @IsOptional() @IsString() @MaxLength(300) reason?: string;
  /** A serial line received short: the units that arrived (the others were lost on the way). */
  @applyAll(serialCodes()) serials?: string[];
}

export class TransferReceiveDto {
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.transfer.noLines' })
  @MaxDocumentLines()
  @ValidateNested({ each: true })
  @Type(() => TransferReceiveLineDto)
  lines: TransferReceiveLineDto[];
  @IsOptional() @IsString() @MaxLength(500) note?: string;
}

export class TransferListQueryDto extends ListQueryDto {
  @IsOptional() @IsIn(TRANSFER_STATES) state?: TransferState;
  /** Relative to the user's branch: incoming (destination) or outgoing (source). */
  @IsOptional() @IsIn(['incoming', 'outgoing']) direction?: 'incoming' | 'outgoing';
}

export type TransferLineDto = {
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
  shippedQuantity: number | null;
  receivedQuantity: number | null;
  /** received − shipped, once received */
  difference: number | null;
  reason: string | null;
  /**
   * A tracked product's units or lots: as requested (serials, lots named), then as shipped (the
   * lots picked) and received (docs/decisions/0117)
   */
  tracked?: TransferLineTracked | null;
  /** on hand − reserved at the source now (while not yet shipped) */
  availableAtSource?: number;
  /** piasters; only with can_see_transfer_totals and can_see_buy_price */
  unitCost?: number;
  lineValue?: number;
};

/** What a transfer line of a tracked product moves. */
export type TransferLineTracked = {
  serials?: { serial: string; imei2: string | null; received?: boolean }[];
  /** lots named on the request (none: first expiry first out when shipped) */
  lots?: { lot: string; quantity: number }[];
  /** lots shipped, with what of each arrived */
  batches?: {
    batchId: string;
    lot: string;
    expiryDate: string;
    quantity: number;
    received?: number;
  }[];
};

export type TransferEventDto = {
  id: string;
  action: 'create' | TransferAction;
  fromState: TransferState | null;
  toState: TransferState;
  userId: string | null;
  userName: string | null;
  at: string;
  note: string | null;
};

export type TransferResponseDto = {
  id: string;
  number: string;
  state: TransferState;
  fromInventoryId: string;
  fromInventoryName: string;
  fromBranchId: string;
  fromBranchName: string;
  toInventoryId: string;
  toInventoryName: string;
  toBranchId: string;
  toBranchName: string;
  note: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
  lineCount: number;
  totalQuantity: number;
  /** piasters at cost; only with can_see_transfer_totals and can_see_buy_price */
  valueAtCost?: number;
  /** the actions this user may take now (branch side and state) */
  actions: ('edit' | TransferAction)[];
  lines?: TransferLineDto[];
  timeline?: TransferEventDto[];
};

export type TransferCountsDto = {
  /** to the user's branch (a user without a branch: every request they may read) */
  incoming: Partial<Record<TransferState, number>>;
  /** from the user's branch (a user without a branch: every request they may read) */
  outgoing: Partial<Record<TransferState, number>>;
  /** every request the user may read, once (one inside the branch is both incoming and outgoing) */
  all: Partial<Record<TransferState, number>>;
  /**
   * transfers waiting for this user's branch: requested/approved as source, shipped as
   * destination (a user without a branch: on every branch the admin acts for; others none)
   */
  pending: number;
};
