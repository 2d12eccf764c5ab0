import { lineAmount, type StockValueChange } from '@pos/contracts';
import type { BalanceChange } from './stock-ledger.service';

/**
 * A balance's value at average cost, piasters: on hand × cost rounded half away from zero (as
 * PostgreSQL's `round(on_hand * avg_cost)`, the figure the inventory screens and the books'
 * checks use).
 */
export function stockValue(onHand: number, cost: number): number {
  const value = lineAmount(Math.abs(onHand), cost);
  return onHand < 0 ? -value : value;
}

/**
 * What the movements took in and out, valued per branch: value(after) − value(before) of each
 * balance at the cost it moved at, so the values of successive movements add up exactly to the
 * balance's value (no rounding drift with fractional quantities).
 */
/** The net change of the stock's value of some movements, all branches, piasters. */
export function netValueChange(changes: BalanceChange[]): number {
  return valueChanges(changes).reduce((sum, v) => sum + v.increase - v.decrease, 0);
}

export function valueChanges(changes: BalanceChange[]): StockValueChange[] {
  const byBranch = new Map<string, StockValueChange>();
  for (const c of changes) {
    const delta = stockValue(c.onHand, c.avgCost) - stockValue(c.before, c.avgCost);
    const v = byBranch.get(c.branchId) ?? { branchId: c.branchId, increase: 0, decrease: 0 };
    if (delta > 0) v.increase += delta;
    else v.decrease -= delta;
    byBranch.set(c.branchId, v);
  }
  return [...byBranch.values()].filter((v) => v.increase || v.decrease);
}
