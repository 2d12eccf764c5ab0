import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { InDocumentDateWindow } from './calendar-date';
import { LIMITS } from '../limits';
import { ListQueryDto } from './list.dto';
import { MaxDocumentLines, MaxDocumentMoney, MaxLineQuantity } from './limit-rules';
import { SalePaymentInputDto } from './sales.dto';

// Reservations and delivery (issue 18 items 2 and 3). Money in piasters.

// ---------- reservations ----------
export const RESERVATION_STATUSES = ['active', 'converted', 'cancelled', 'expired'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
/** What became of a closed reservation's deposit. */
export type ReservationDepositOutcome = 'applied' | 'refunded' | 'forfeited' | 'credited';

export class ReservationLineInputDto {
  @IsUUID() variantId: string;
  @IsNumber({ maxDecimalPlaces: 3 }) @Min(0.001) @MaxLineQuantity() quantity: number;
}
export class ReservationCreateDto {
  /** the client's id: a retry reserves nothing twice */
  @IsUUID() id: string;
  @IsUUID() customerId: string;
  @IsOptional() @IsUUID() inventoryId?: string;
  @IsArray()
  @ArrayMinSize(1, { message: 'validation.sale.noLines' })
  @MaxDocumentLines()
  @ValidateNested({ each: true })
  @Type(() => ReservationLineInputDto)
  lines: ReservationLineInputDto[];
  @IsInt() @Min(0) @MaxDocumentMoney() deposit: number;
  /** the vault the deposit goes into (default: the branch's main vault) */
  @IsOptional() @IsUUID() vaultId?: string;
  /** when the reservation lapses (UTC ISO time, in the future) */
  @IsISO8601({ strict: true }) @InDocumentDateWindow() expiresAt: string;
  @IsOptional() @IsString() @MaxLength(500) note?: string;
}
export class ReservationConvertDto {
  /** the sale's id (the client's idempotency key, as a POS sale's) */
  @IsUUID() saleId: string;
  /** what the customer pays now on top of the deposit */
  @IsArray()
  @ArrayMaxSize(LIMITS.documentPayments)
  @ValidateNested({ each: true })
  @Type(() => SalePaymentInputDto)
  payments: SalePaymentInputDto[];
}
export class ReservationCancelDto {
  @IsOptional() @IsString() @MaxLength(300) note?: string;
}
export class ReservationListQueryDto extends ListQueryDto {
  @IsOptional() @IsIn(RESERVATION_STATUSES) status?: ReservationStatus;
  @IsOptional() @IsUUID() customerId?: string;
  @IsOptional() @IsUUID() branchId?: string;
}
export type ReservationLineDto = {
  variantId: string;
  productName: string;
  properties: Record<string, string>;
  sku: string;
  quantity: number;
  unitPrice: number;
};
export type ReservationDto = {
  id: string;
  number: string;
  branchId: string;
  branchName: string;
  inventoryId: string;
  customerId: string;
  customerName: string;
  customerPhone: string | null;
  status: ReservationStatus;
  deposit: number;
  depositOutcome: ReservationDepositOutcome | null;
  vaultId: string | null;
  vaultName: string | null;
  expiresAt: string;
  saleId: string | null;
  note: string | null;
  createdAt: string;
  createdByName: string | null;
  closedAt: string | null;
  total: number;
  lines: ReservationLineDto[];
};

// ---------- delivery ----------
export const DELIVERY_STATUSES = [
  'pending',
  'assigned',
  'out_for_delivery',
  'delivered',
  'failed',
  'returned',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_ACTIONS = ['assign', 'dispatch', 'deliver', 'fail', 'return'] as const;
export type DeliveryAction = (typeof DELIVERY_ACTIONS)[number];

/**
 * The one table of legal moves: pending → assigned (a driver; re-assigning an assigned order to
 * another driver is allowed) → out_for_delivery → delivered; an assigned or dispatched order that
 * could not be delivered is failed, one the customer refused at the door is returned — both bring
 * the goods back (the sale is returned) and end the order.
 */
export const DELIVERY_TRANSITIONS: Record<
  DeliveryAction,
  { from: DeliveryStatus[]; to: DeliveryStatus }
> = {
  assign: { from: ['pending', 'assigned'], to: 'assigned' },
  dispatch: { from: ['assigned'], to: 'out_for_delivery' },
  deliver: { from: ['out_for_delivery'], to: 'delivered' },
  fail: { from: ['assigned', 'out_for_delivery'], to: 'failed' },
  return: { from: ['out_for_delivery'], to: 'returned' },
};

export class DeliveryCreateDto {
  @IsUUID() id: string;
  /** the POS invoice delivered */
  @IsUUID() saleId: string;
  @IsString() @Matches(/\S/) @MaxLength(300) address: string;
  @IsString() @Matches(/^[0-9+\- ]{5,20}$/, { message: 'validation.customer.phone' }) phone: string;
  @IsOptional() @IsString() @MaxLength(100) area?: string;
  @IsInt() @Min(0) @MaxDocumentMoney() fee: number;
  @IsOptional() @IsString() @MaxLength(500) notes?: string;
}
export class DeliveryStepDto {
  @IsIn(DELIVERY_ACTIONS) action: DeliveryAction;
  /** assign: the driver (a user whose role is a driver role) */
  @IsOptional() @IsUUID() driverId?: string;
  @IsOptional() @IsString() @MaxLength(300) note?: string;
}
export class DeliverySettleDto {
  @IsUUID() id: string;
  @IsUUID() driverId: string;
  /** the vault the cash goes into (default: the branch's main vault) */
  @IsOptional() @IsUUID() vaultId?: string;
}
export class DeliveryListQueryDto extends ListQueryDto {
  @IsOptional() @IsIn(DELIVERY_STATUSES) status?: DeliveryStatus;
  @IsOptional() @IsUUID() driverId?: string;
  @IsOptional() @IsUUID() branchId?: string;
  /** only the signed-in driver's own orders */
  @IsOptional() @IsIn(['true', 'false']) mine?: string;
}
export type DeliveryEventDto = {
  from: DeliveryStatus | null;
  to: DeliveryStatus;
  at: string;
  userName: string | null;
  driverName: string | null;
  note: string | null;
};
export type DeliveryOrderDto = {
  id: string;
  number: string;
  saleId: string;
  saleNumber: string;
  saleTotal: number;
  branchId: string;
  customerName: string | null;
  status: DeliveryStatus;
  address: string;
  phone: string;
  area: string | null;
  fee: number;
  /** cash the driver collects from the customer (what the invoice left due + the fee) */
  codAmount: number;
  collected: number;
  settled: boolean;
  notes: string | null;
  driverId: string | null;
  driverName: string | null;
  createdAt: string;
  events?: DeliveryEventDto[];
};
export type DriverDto = { id: string; name: string; branchId: string | null };
export type DriverBalanceDto = {
  driverId: string;
  driverName: string;
  /** cash collected on delivered orders not handed in yet */
  owed: number;
  orders: number;
};
