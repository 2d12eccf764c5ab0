import 'reflect-metadata';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { NameText } from './resource-dto';
import { IsDocumentDate } from './calendar-date';
import { ListQueryDto } from './list.dto';
import { MaxDocumentMoney } from './limit-rules';

// Cheques (issue 15 item 4): received from customers, issued to vendors. Money in piasters.
export const CHEQUE_DIRECTIONS = ['received', 'issued'] as const;
export type ChequeDirection = (typeof CHEQUE_DIRECTIONS)[number];

export const CHEQUE_STATUSES = [
  'received',
  'deposited',
  'issued',
  'cleared',
  'bounced',
  'cancelled',
] as const;
export type ChequeStatus = (typeof CHEQUE_STATUSES)[number];

export const CHEQUE_ACTIONS = ['deposit', 'clear', 'bounce', 'cancel'] as const;
export type ChequeAction = (typeof CHEQUE_ACTIONS)[number];

/**
 * The legal transitions: a received cheque is deposited into a bank vault, then cleared (the money
 * arrives) or bounced (the debt goes back on the customer); an issued cheque is cleared (the money
 * leaves a bank vault) or bounced (the debt goes back to the vendor). Only a cheque still in hand
 * (received or issued) can be cancelled.
 */
export const CHEQUE_TRANSITIONS: Record<ChequeAction, { from: ChequeStatus[]; to: ChequeStatus }> =
  {
    deposit: { from: ['received'], to: 'deposited' },
    clear: { from: ['deposited', 'issued'], to: 'cleared' },
    bounce: { from: ['deposited', 'issued'], to: 'bounced' },
    cancel: { from: ['received', 'issued'], to: 'cancelled' },
  };

/** The statuses a cheque is still open in (counted as "due" when its date comes). */
export const CHEQUE_OPEN_STATUSES: ChequeStatus[] = ['received', 'deposited', 'issued'];

/** Days ahead the dashboard and the live push look for cheques falling due. */
export const CHEQUE_DUE_DAYS = 7;

export class ChequeCreateDto {
  /** the client's id: a retry of the same request records nothing twice */
  @IsUUID() id: string;
  @IsIn(CHEQUE_DIRECTIONS) direction: ChequeDirection;
  /** the number printed on the cheque */
  @IsString() @Matches(/\S/) @MinLength(1) @MaxLength(40) number: string;
  @NameText()
  @IsString()
  @Matches(/\S/)
  @MaxLength(100)
  bank: string;
  @IsDocumentDate({ dateOnly: true }) dueDate: string;
  @IsInt() @Min(1) @MaxDocumentMoney() amount: number;
  /** a received cheque's customer */
  @IsOptional() @IsUUID() customerId?: string;
  /** an issued cheque's vendor */
  @IsOptional() @IsUUID() vendorId?: string;
  /** another branch than the user's own: administrators only */
  @IsOptional() @IsUUID() branchId?: string;
  @IsOptional() @IsString() @MaxLength(300) note?: string;
  /**
   * A received cheque for more than the customer owes: an advance / credit on account, a separate
   * choice needing can_take_advance, as for a customer payment (issue 30 item 13).
   */
  @IsOptional() @IsBoolean() advance?: boolean;
}

export class ChequeActionDto {
  /** the bank vault: where a received cheque is deposited, or an issued one is paid from */
  @IsOptional() @IsUUID() vaultId?: string;
  @IsOptional() @IsString() @MaxLength(300) note?: string;
}

export class ChequeListQueryDto extends ListQueryDto {
  @IsOptional() @IsIn(CHEQUE_DIRECTIONS) direction?: ChequeDirection;
  @IsOptional() @IsIn(CHEQUE_STATUSES) status?: ChequeStatus;
  @IsOptional() @IsUUID() branchId?: string;
  /** only open cheques due within CHEQUE_DUE_DAYS (and overdue ones) */
  @IsOptional() @IsIn(['true', 'false']) dueSoon?: string;
}

export class ChequePartyQueryDto {
  /**
   * customers or vendors (each needs its own read key as well); without it, the kind the user may
   * see (customers first), or none
   */
  @IsOptional() @IsIn(['customer', 'vendor']) type?: 'customer' | 'vendor';
  @IsOptional() @IsString() @MaxLength(100) q?: string;
}

export type ChequeEventDto = {
  from: ChequeStatus | null;
  to: ChequeStatus;
  vaultName: string | null;
  userName: string | null;
  note: string | null;
  at: string;
};

export type ChequeDto = {
  id: string;
  direction: ChequeDirection;
  status: ChequeStatus;
  number: string;
  bank: string;
  dueDate: string;
  amount: number;
  partyType: 'customer' | 'vendor';
  partyId: string;
  partyName: string;
  branchId: string;
  branchName: string;
  vaultId: string | null;
  vaultName: string | null;
  note: string | null;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
  /** what the user may do next (the legal transitions) */
  actions: ChequeAction[];
  history?: ChequeEventDto[];
};

export type ChequeVaultDto = { id: string; name: string; branchId: string; branchName: string };
export type ChequePartyDto = { id: string; name: string; balance: number };

/** The dashboard's card: open cheques falling due within CHEQUE_DUE_DAYS (overdue ones too). */
export type DueChequeDto = Pick<
  ChequeDto,
  'id' | 'direction' | 'status' | 'number' | 'bank' | 'dueDate' | 'amount' | 'partyName'
>;

// ---- /Transactions: one read-only list of every money movement --------------------------------

/** Kinds that are not vault movements (a vault movement's kind is its own type). */
export const NON_VAULT_TRANSACTION_KINDS = [
  'sale_payment',
  'sale_refund',
  'customer_payment',
  'cheque_received',
  'cheque_issued',
  // a received or issued cheque taken back: its reversal row
  'cheque_bounced',
  'cheque_cancelled',
] as const;

/**
 * Every type of vault movement (`moveVault`'s `type`), named by the screens that list movements
 * (/Vault's movements, /Transactions): a module that moves a vault adds its type here and its
 * labels in both (a unit test holds the labels to this list).
 */
export const VAULT_MOVEMENT_TYPES = [
  'shift_close',
  'deposit',
  'withdrawal',
  'transfer_out',
  'transfer_in',
  'transfer_returned',
  'capital_in',
  'drawings_out',
  'settlement',
  'cheque_in',
  'cheque_out',
  'expense',
  'expense_void',
  'purchase_payment',
  'vendor_payment',
  'customer_payment',
  'installment_in',
  'maintenance_deposit',
  'maintenance_refund',
  'maintenance_payment',
  'reservation_deposit',
  'reservation_refund',
  'delivery_settlement',
] as const;

export class TransactionListQueryDto extends ListQueryDto {
  @IsOptional() @IsUUID() branchId?: string;
  @IsOptional() @IsUUID() vaultId?: string;
  @IsOptional() @IsUUID() userId?: string;
  @IsOptional() @IsString() @Matches(/^[a-z_]{1,40}$/) type?: string;
  @IsOptional() @IsIn(['json', 'xlsx']) format?: 'json' | 'xlsx';
}

export type TransactionDto = {
  /** the movement's own row id */
  id: string;
  at: string;
  /** a vault movement's type, or one of NON_VAULT_TRANSACTION_KINDS */
  kind: string;
  /** piasters: > 0 money in, < 0 money out */
  amount: number;
  vaultId: string | null;
  vaultName: string | null;
  /** the payment method for money that did not touch a vault (a card sale, a cash sale in a drawer) */
  methodId: string | null;
  /** its Arabic name (the screens name it in the user's language by methodId) */
  methodName: string | null;
  sourceType: string | null;
  sourceId: string | null;
  sourceNumber: string | null;
  branchId: string | null;
  branchName: string | null;
  userId: string | null;
  userName: string | null;
  note: string | null;
};

/** The choices of /Transactions' filters, within the user's read scope. */
export type TransactionFilterOptionsDto = {
  branches: { id: string; name: string }[];
  vaults: { id: string; name: string; branchName: string }[];
  users: { id: string; name: string }[];
};
