import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../core/database/ids';
import { formatPiasters } from '@pos/contracts';
import { AppException, Errors } from '../../core/errors/app.exception';
import { rowFields } from '../../core/database/row-fields';
import { dropUnusedAccounts, openLeafAccount } from '../accounting';
import type { VaultType } from './entities/vault.entities';

export const MAIN_VAULT_NAME = 'الخزينة الرئيسية';

export type LockedVault = {
  id: string;
  name: string;
  type: VaultType;
  branchId: string;
  balance: number;
  allowNegative: boolean;
  active: boolean;
  /** the vault's own account in the chart: every movement posts to it */
  accountId: string;
};

function toLocked(row: Record<string, unknown>): LockedVault {
  return {
    ...rowFields(row, ['id', 'name', 'type', 'branch_id']),
    balance: Number(row.balance),
    ...rowFields(row, ['allow_negative', 'active', 'account_id']),
  };
}

/** Locks a vault row (FOR UPDATE). Lock several vaults in id order where two commands can meet. */
export async function lockVault(m: EntityManager, id: string): Promise<LockedVault> {
  const [row] = await m.query(
    `SELECT id, name, type, branch_id, balance, allow_negative, active, account_id
       FROM vaults WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!row) throw Errors.notFound();
  return toLocked(row);
}

export type VaultMove = {
  vaultId: string;
  /** what kind of movement (shift_close, deposit, withdrawal, transfer_out, expense, purchase…) */
  type: string;
  /** piasters: > 0 into the vault, < 0 out of it; never 0 */
  amount: number;
  sourceType?: string | null;
  sourceId?: string | null;
  sourceNumber?: string | null;
  counterVaultId?: string | null;
  userId: string | null;
  note?: string | null;
  id?: string;
};

/**
 * Moves money into (amount > 0) or out of (amount < 0) a vault: the balance and one movement row,
 * in the caller's transaction. An inactive vault answers 400 `VAULT_INACTIVE`; a withdrawal that
 * would take a vault below zero (unless the vault allows it) answers 400 `VAULT_INSUFFICIENT` with
 * the available amount. The conditional UPDATE takes the row lock and re-checks the balance after
 * any concurrent writer commits, so concurrent withdrawals cannot overdraw (the table's CHECK is the
 * backstop). Returns the vault after the move (its account id is what the posting needs).
 */
export async function moveVault(
  m: EntityManager,
  move: VaultMove,
): Promise<LockedVault & { balanceAfter: number }> {
  if (!Number.isSafeInteger(move.amount) || move.amount === 0)
    throw new Error(`vault movement must be a non-zero integer of piasters: ${move.amount}`);
  const [rows] = await m.query(
    `UPDATE vaults SET balance = balance + $2, updated_at = now()
      WHERE id = $1 AND active AND (allow_negative OR balance + $2 >= 0)
      RETURNING id, name, type, branch_id, balance, allow_negative, active, account_id`,
    [move.vaultId, move.amount],
  );
  const row = rows?.[0];
  if (!row) {
    const vault = await lockVault(m, move.vaultId);
    if (!vault.active)
      throw new AppException('VAULT_INACTIVE', HttpStatus.BAD_REQUEST, { name: vault.name });
    throw new AppException('VAULT_INSUFFICIENT', HttpStatus.BAD_REQUEST, {
      name: vault.name,
      available: formatPiasters(vault.balance),
    });
  }
  const vault = toLocked(row);
  await m.query(
    // `at` is the clock at the write (after the row lock), not the transaction's start: the
    // movements of one vault then sort in the order their balances were applied.
    `INSERT INTO vault_movements (id, vault_id, type, amount, balance_after, source_type, source_id, source_number, counter_vault_id, branch_id, user_id, note, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, clock_timestamp())`,
    [
      move.id ?? uuidv7(),
      vault.id,
      move.type,
      move.amount,
      vault.balance,
      move.sourceType ?? null,
      move.sourceId ?? null,
      move.sourceNumber ?? null,
      move.counterVaultId ?? null,
      vault.branchId,
      move.userId,
      move.note ?? null,
    ],
  );
  return { ...vault, balanceAfter: vault.balance };
}

/** Opens a leaf account for a new vault under 1110 (cash) or 1120 (bank), with the next free code. */
export async function createVaultAccount(
  m: EntityManager,
  vault: { name: string; type: VaultType },
): Promise<string> {
  return openLeafAccount(m, vault.type === 'bank' ? 'bank_accounts' : 'vaults', vault.name, {
    type: 'asset',
    normalSide: 'debit',
  });
}

/**
 * A deleted branch's vaults that never moved go with it, and their accounts; one with movements
 * keeps the branch (the foreign key refuses the delete).
 */
export async function dropUnusedBranchVaults(m: EntityManager, branchId: string): Promise<void> {
  const [gone]: [{ account_id: string }[], number] = await m.query(
    `DELETE FROM vaults v WHERE v.branch_id = $1
        AND NOT EXISTS (SELECT 1 FROM vault_movements mv WHERE mv.vault_id = v.id) RETURNING account_id`,
    [branchId],
  );
  await dropUnusedAccounts(
    m,
    gone.map((g) => g.account_id),
  );
}

/** The branch's main cash vault (created with its account when the branch has none yet). */
export async function branchMainVault(
  m: EntityManager,
  branchId: string,
): Promise<{ id: string; accountId: string }> {
  const find = async () => {
    const [row] = await m.query(
      `SELECT id, account_id FROM vaults WHERE branch_id = $1 AND is_main AND type = 'cash'`,
      [branchId],
    );
    return row ? { id: row.id as string, accountId: row.account_id as string } : null;
  };
  const found = await find();
  if (found) return found;
  // Creating it is serialised on the branch row (NO KEY UPDATE does not block rows referencing it).
  const [branch] = await m.query(`SELECT name FROM branches WHERE id = $1 FOR NO KEY UPDATE`, [
    branchId,
  ]);
  if (!branch) throw Errors.notFound();
  const raced = await find();
  if (raced) return raced;
  const accountId = await createVaultAccount(m, {
    name: `${MAIN_VAULT_NAME} - ${branch.name}`,
    type: 'cash',
  });
  const id = uuidv7();
  await m.query(
    `INSERT INTO vaults (id, name, type, branch_id, is_main, account_id) VALUES ($1, $2, 'cash', $3, true, $4)`,
    [id, MAIN_VAULT_NAME, branchId, accountId],
  );
  return { id, accountId };
}
