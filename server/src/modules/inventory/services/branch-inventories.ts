import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../../core/database/ids';

export const DEFAULT_INVENTORY_NAME = 'المخزن الرئيسي';

/** Every branch has a default inventory from the moment it exists (branches calls this). */
export async function ensureDefaultInventory(m: EntityManager, branchId: string): Promise<void> {
  await m.query(
    `INSERT INTO inventories (id, branch_id, name, is_default, allow_negative)
     SELECT $1, $2, $3, true, false WHERE NOT EXISTS (SELECT 1 FROM inventories WHERE branch_id = $2)`,
    [uuidv7(), branchId, DEFAULT_INVENTORY_NAME],
  );
}

/**
 * A branch being deleted (never used: no stock history) takes its inventories and their empty
 * balances with it.
 */
export async function dropBranchInventories(m: EntityManager, branchId: string): Promise<void> {
  await m.query(
    'DELETE FROM stock_levels WHERE inventory_id IN (SELECT id FROM inventories WHERE branch_id = $1)',
    [branchId],
  );
  await m.query('DELETE FROM inventories WHERE branch_id = $1', [branchId]);
}
