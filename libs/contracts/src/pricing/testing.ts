// Builders for the pricing tests and the bench (not exported from the package index).
import type { CartLine, PriceCartInput, PricingRules, Promotion } from './types';

export function cartLine(
  key: string,
  listPrice: number,
  quantity = 1,
  extra: Partial<CartLine> = {},
): CartLine {
  return {
    key,
    variantId: `v-${key}`,
    productId: `p-${key}`,
    categoryId: null,
    quantity,
    listPrice,
    vatRate: 14,
    ...extra,
  };
}

export const noRules = (): PricingRules => ({ priceLists: [], promotions: [] });

export function rulesWith(promotions: Promotion[], rest: Partial<PricingRules> = {}): PricingRules {
  return { priceLists: [], promotions, ...rest };
}

/** A cart priced at a fixed instant in Cairo, branch b1, no customer group. */
export function cartInput(
  lines: CartLine[],
  rules: PricingRules,
  extra: Partial<PriceCartInput> = {},
): PriceCartInput {
  return { lines, rules, branchId: 'b1', now: '2026-12-05T10:00:00Z', ...extra };
}
