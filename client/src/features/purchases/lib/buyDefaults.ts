import type { PurchaseOptionsDto } from '@pos/contracts';

type Inventory = PurchaseOptionsDto['inventories'][number];

/**
 * The store a new purchase is received into until the clerk picks one: the default store of the
 * user's own branch, else any store of that branch, else the first default one (a user of no
 * branch), else the first. Every branch has a default store, often all named alike, so "the first
 * default" alone picked another branch's store.
 */
export function defaultInventory(
  inventories: readonly Inventory[],
  userBranchId: string | null | undefined,
): Inventory | undefined {
  const own = userBranchId ? inventories.filter((i) => i.branchId === userBranchId) : [];
  return (
    own.find((i) => i.isDefault) ?? own[0] ?? inventories.find((i) => i.isDefault) ?? inventories[0]
  );
}
