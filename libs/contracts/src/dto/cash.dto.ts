import 'reflect-metadata';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { defineResource } from '../resource';
import { MaxDocumentMoney } from './limit-rules';
import { ActiveListQueryDto, ListQueryDto } from './list.dto';
import { IsName, partialOf, NameText } from './resource-dto';

// Cash (issue 15): vaults (cash boxes and bank accounts), their movements, money transactions.

export const VAULT_TYPES = ['cash', 'bank'] as const;
export type VaultKind = (typeof VAULT_TYPES)[number];

// ---------- vaults ----------
export class VaultCreateDto {
  @IsName(80) name: string;
  @IsIn(VAULT_TYPES) type: VaultKind;
  @IsUUID() branchId: string;
  @IsOptional() @IsString() @MaxLength(40) accountNumber?: string | null;
  @NameText()
  @IsOptional()
  @IsString()
  @MaxLength(80)
  bankName?: string | null;
  @IsOptional() @IsBoolean() allowNegative?: boolean;
  @IsOptional() @IsBoolean() active?: boolean;
}
export class VaultListQueryDto extends ActiveListQueryDto {
  @IsOptional() @IsUUID() branchId?: string;
  @IsOptional() @IsIn(VAULT_TYPES) type?: VaultKind;
}
export type VaultDto = {
  id: string;
  name: string;
  type: VaultKind;
  branchId: string;
  branchName: string;
  accountNumber: string | null;
  bankName: string | null;
  isMain: boolean;
  allowNegative: boolean;
  active: boolean;
  accountCode: string;
  /** piasters; only with can_see_vault_totals */
  balance?: number;
};

/**
 * /Vault: every signed-in user reads the vaults of their branch (every branch with
 * can_see_branches), the balances only with can_see_vault_totals; the vault's keeper
 * (can_see_vault_totals) adds and edits them. No delete: a vault with movements is deactivated.
 */
export const VAULTS = defineResource<VaultDto, VaultCreateDto>({
  path: '/Vault',
  create: VaultCreateDto,
  update: partialOf(VaultCreateDto),
  query: VaultListQueryDto,
  sortable: ['name', 'type', 'branchName', 'active'],
  defaultSort: 'branchName',
  read: 'session',
  write: ['can_see_vault_totals'],
  remove: false,
});

export class VaultMovementsQueryDto extends ListQueryDto {}
export type VaultMovementDto = {
  id: string;
  at: string;
  type: string;
  /** piasters, > 0 into the vault */
  amount: number;
  balanceAfter: number;
  sourceType: string | null;
  sourceId: string | null;
  sourceNumber: string | null;
  counterVaultName: string | null;
  userName: string | null;
  note: string | null;
};

// ---------- money transactions ----------
export const MONEY_TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'transfer',
  'capital_in',
  'drawings_out',
  'settlement',
] as const;
export type MoneyTransactionType = (typeof MONEY_TRANSACTION_TYPES)[number];
export const MONEY_TRANSACTION_STATUSES = ['confirmed', 'pending', 'rejected'] as const;
export type MoneyTransactionStatus = (typeof MONEY_TRANSACTION_STATUSES)[number];

/** Money out of a vault: withdrawal, transfer, drawings. */
export const takesFromVault = (t: MoneyTransactionType) =>
  t === 'withdrawal' || t === 'transfer' || t === 'drawings_out';
/** Money into a vault: deposit, transfer, capital, settlement. */
export const putsIntoVault = (t: MoneyTransactionType) =>
  t === 'deposit' || t === 'transfer' || t === 'capital_in' || t === 'settlement';

const reasonRequired = { message: 'validation.cash.reason' };

export class MoneyTransactionCreateDto {
  /** the client's id (idempotent retry); a new one when left out */
  @IsOptional() @IsUUID() id?: string;
  @IsIn(MONEY_TRANSACTION_TYPES) type: MoneyTransactionType;
  @IsInt({ message: 'validation.cash.amount' })
  @Min(1, { message: 'validation.cash.amount' })
  @MaxDocumentMoney()
  amount: number;
  @ValidateIf((o: MoneyTransactionCreateDto) => takesFromVault(o.type))
  @IsUUID('all', { message: 'validation.cash.fromVault' })
  fromVaultId?: string | null;
  @ValidateIf((o: MoneyTransactionCreateDto) => putsIntoVault(o.type))
  @IsUUID('all', { message: 'validation.cash.toVault' })
  toVaultId?: string | null;
  /** settlement: the card or wallet payment method whose receipts are settled */
  @ValidateIf((o: MoneyTransactionCreateDto) => o.type === 'settlement')
  @IsUUID('all', { message: 'validation.cash.paymentMethod' })
  paymentMethodId?: string | null;
  @IsString(reasonRequired) @MinLength(1, reasonRequired) @MaxLength(200) reason: string;
}

export class MoneyTransactionRejectDto {
  @IsString(reasonRequired) @MinLength(1, reasonRequired) @MaxLength(200) reason: string;
}

export class MoneyTransactionListQueryDto extends ListQueryDto {
  @IsOptional() @IsIn(MONEY_TRANSACTION_TYPES) type?: MoneyTransactionType;
  @IsOptional() @IsIn(MONEY_TRANSACTION_STATUSES) status?: MoneyTransactionStatus;
  @IsOptional() @IsUUID() vaultId?: string;
}

export type MoneyTransactionDto = {
  id: string;
  number: string;
  type: MoneyTransactionType;
  status: MoneyTransactionStatus;
  amount: number;
  fromVaultId: string | null;
  fromVaultName: string | null;
  toVaultId: string | null;
  toVaultName: string | null;
  branchId: string;
  branchName: string;
  toBranchId: string | null;
  toBranchName: string | null;
  paymentMethodId: string | null;
  paymentMethodName: string | null;
  reason: string;
  rejectReason: string | null;
  createdByName: string;
  decidedByName: string | null;
  decidedAt: string | null;
  createdAt: string;
};

export const MONEY_TRANSACTIONS_PATH = '/MoneyTransactions';
