import type { EntityManager } from 'typeorm';
import { branchMainVault } from '../cash';
import { ensureDefaultInventory } from '../inventory';

/** The next branch code (B01, B02…) used in document numbers. */
export async function nextBranchCode(m: EntityManager): Promise<string> {
  const [{ n }] = await m.query(
    `SELECT COALESCE(max(substring(code from 2)::int), 0) + 1 AS n FROM branches WHERE code ~ '^B[0-9]+$'`,
  );
  return `B${String(n).padStart(2, '0')}`;
}

/** What every branch has from the moment it exists: its default inventory and its main cash vault. */
export async function provisionBranch(m: EntityManager, branchId: string): Promise<void> {
  await ensureDefaultInventory(m, branchId);
  await branchMainVault(m, branchId);
}
