import type { EntityManager } from 'typeorm';

/** Turns a branch's e-receipts on or off (einvoicing checks the branch's ETA data first). */
export async function setBranchEReceipts(
  m: EntityManager,
  branchId: string,
  enabled: boolean,
): Promise<void> {
  await m.query('UPDATE branches SET e_receipts_enabled = $2 WHERE id = $1', [branchId, enabled]);
}
