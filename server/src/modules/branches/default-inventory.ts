import type { EntityManager } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { branchMainVault } from '../cash';

export const DEFAULT_INVENTORY_NAME = 'المخزن الرئيسي';

/** Every branch has a default inventory from the moment it exists. */
export async function ensureDefaultInventory(m: EntityManager, branchId: string): Promise<void> {
  await m.query(
    `INSERT INTO inventories (id, branch_id, name, is_default, allow_negative)
     SELECT $1, $2, $3, true, false WHERE NOT EXISTS (SELECT 1 FROM inventories WHERE branch_id = $2)`,
    [uuidv7(), branchId, DEFAULT_INVENTORY_NAME],
  );
}

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
