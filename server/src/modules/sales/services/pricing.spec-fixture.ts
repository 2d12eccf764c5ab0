import type { PricingQueries } from '../../pricing';

/** A pricing module with no price lists and no promotions (version 1), for the sale specs. */
export function noPricingRules(): PricingQueries {
  const rules = { version: '1', branchId: null, priceLists: [], promotions: [] };
  return {
    rulesFor: async () => rules,
    rulesIn: async () => rules,
    rulesAt: async (_branch: string, version: string) => (version === '1' ? rules : null),
    customerGroup: async () => ({ groupId: null }),
  } as unknown as PricingQueries;
}
