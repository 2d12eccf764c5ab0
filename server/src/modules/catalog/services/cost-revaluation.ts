import type { CommandTransaction } from '../../../core/cqrs';
import type { AuthUser } from '../../../core/auth/auth.types';

/**
 * The average cost of a variant was edited: the stock on hand is worth Σ round(on hand × new) −
 * round(on hand × old) more (or less), per branch, and `variant.cost.changed` says so (the books
 * revalue the inventory account). The balances are locked first (in the stock ledger's order), so
 * a movement cannot slip between the figures read here and the new cost.
 */
export async function raiseCostChange(
  tx: CommandTransaction,
  variant: { id: string; productId: string; sku: string; avgCost: number },
  after: number,
  user: AuthUser,
): Promise<void> {
  const before = Number(variant.avgCost);
  if (after === before) return;
  const values: { branchId: string; amount: number }[] = (
    await tx.m.query(
      `WITH s AS (SELECT inventory_id, on_hand FROM stock_levels WHERE variant_id = $1 ORDER BY inventory_id FOR UPDATE)
       SELECT i.branch_id AS "branchId", sum(round(s.on_hand * $3::bigint) - round(s.on_hand * $2::bigint))::bigint AS amount
         FROM s JOIN inventories i ON i.id = s.inventory_id GROUP BY i.branch_id ORDER BY i.branch_id`,
      [variant.id, before, after],
    )
  )
    .map((r: { branchId: string; amount: string }) => ({
      branchId: r.branchId,
      amount: Number(r.amount),
    }))
    .filter((v: { amount: number }) => v.amount !== 0);
  if (!values.length) return;
  await tx.raise('variant.cost.changed', {
    variantId: variant.id,
    productId: variant.productId,
    sku: variant.sku,
    before,
    after,
    userId: user.id,
    values,
  });
}
