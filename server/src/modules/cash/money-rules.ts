import { HttpStatus } from '@nestjs/common';
import type { MoneyTransactionPostedEvent, MoneyTransferPayload } from '@pos/contracts';
import type { AuthUser } from '../../core/auth/auth.types';
import { branchWriteScope } from '../../core/auth/branch-scope';
import type { CommandTransaction } from '../../core/cqrs';
import { AppException } from '../../core/errors/app.exception';
import { lockVault, type LockedVault } from './vault-ledger';

/**
 * Locks the vaults a money transaction touches, in id order (two transfers in opposite
 * directions cannot deadlock); answers them by id.
 */
export async function lockVaults(
  tx: CommandTransaction,
  ids: (string | null | undefined)[],
): Promise<Map<string, LockedVault>> {
  const out = new Map<string, LockedVault>();
  for (const id of [...new Set(ids.filter((x): x is string => !!x))].sort())
    out.set(id, await lockVault(tx.m, id));
  return out;
}

/** Money moves only in and out of the vaults of the user's own branch (administrators: any). */
export function assertVaultInScope(user: AuthUser, vault: LockedVault): void {
  const scope = branchWriteScope(user);
  if (scope !== null && vault.branchId !== scope)
    throw new AppException('MONEY_VAULT_OUTSIDE_BRANCH', HttpStatus.FORBIDDEN);
}

export function assertActive(vault: LockedVault): void {
  if (!vault.active)
    throw new AppException('VAULT_INACTIVE', HttpStatus.BAD_REQUEST, { name: vault.name });
}

/** The live push of a transfer between branches to both ends (the receiver confirms it live). */
export function pushTransfer(
  tx: CommandTransaction,
  e: Pick<MoneyTransactionPostedEvent, 'transactionId' | 'number' | 'amount' | 'fromBranchId'> & {
    toBranchId: string;
    status: MoneyTransferPayload['status'];
  },
): void {
  tx.push(e.fromBranchId, 'money.transfer', {
    transactionId: e.transactionId,
    number: e.number,
    fromBranchId: e.fromBranchId,
    toBranchId: e.toBranchId,
    status: e.status,
    amount: e.amount,
  });
}
