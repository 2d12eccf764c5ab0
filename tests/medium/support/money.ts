import { CommandRunner } from '../../../server/src/core/cqrs';
import { queuePosting } from '../../../server/src/modules/accounting';
import { moveVault, type LockedVault } from '../../../server/src/modules/cash';
import type { TestApp } from './app';

/**
 * Moves money into (amount > 0) or out of (< 0) a vault the way a command does, in one transaction
 * through the app's runner: the movement and its posting against the owner's capital, so every
 * vault stays equal to its account for the suites that check all vaults (vault-invariants, cash).
 * Rejects like `moveVault` (VAULT_INSUFFICIENT, VAULT_INACTIVE) with nothing written.
 */
export function ownerMoney(
  t: TestApp,
  vaultId: string,
  amount: number,
  userId: string | null = null,
): Promise<LockedVault> {
  const meta = { userId, ip: '127.0.0.1', userAgent: 'medium' } as never;
  return t.app.get(CommandRunner).run(meta, async (tx) => {
    const vault = await moveVault(tx.m, {
      vaultId,
      type: amount > 0 ? 'capital_in' : 'drawings_out',
      amount,
      userId,
    });
    queuePosting(tx, {
      branchId: vault.branchId,
      source: null,
      description: 'medium test',
      lines: [
        { account: { id: vault.accountId }, debit: amount },
        { account: amount > 0 ? 'capital' : 'drawings', credit: amount },
      ],
    });
    return vault;
  });
}
