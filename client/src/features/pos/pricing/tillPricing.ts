// The till's prices (issue 33 items 1–2, docs/decisions/0079): the cart as the cashier built it,
// priced with the contracts' engine (priceSaleLines, the function the server checks every sale
// with) on every change: the customer's group's price list or the list the cashier picked,
// quantity breaks, promotions. The cart itself keeps what the cashier did (quantities, typed
// prices, their own discounts); the priced cart is derived from it and is what the screen shows,
// the totals add up and the sale sends.
import { priceSaleLines, type PricingRulesDto } from '@pos/contracts';
import type { Cart, CartLine } from '../../../shared/lib/cart';

export type TillPricingContext = {
  rules: PricingRulesDto | null;
  branchId: string | null;
  /** the instant the cart is priced at (the device's clock) */
  now: Date | number;
};

/** Its own key in the engine: the till keeps one line per variant. */
const keyOf = (line: CartLine) => line.variantId;

/**
 * The cart priced. Without rules (none loaded yet, no branch) the cart is returned as it is, so
 * the till sells at the sell prices as before; the server still prices the sale itself.
 */
export function priceTillCart(cart: Cart, ctx: TillPricingContext): Cart {
  const { rules, branchId } = ctx;
  if (!rules || !branchId || cart.lines.length === 0) {
    return cart.pricingVersion === undefined ? cart : { ...cart, pricingVersion: undefined };
  }
  let priced;
  try {
    priced = priceSaleLines({
      rules,
      branchId,
      customerGroupId: cart.customer?.groupId ?? null,
      priceListId: cart.priceListId ?? null,
      now: ctx.now,
      coupons: (cart.coupons ?? []).map((c) => ({ code: c.code, promotionId: c.promotionId })),
      lines: cart.lines.map((l) => ({
        key: keyOf(l),
        variantId: l.variantId,
        productId: l.productId ?? '',
        categoryId: l.categoryId ?? null,
        quantity: l.quantity,
        listPrice: l.listPrice,
        vatRate: l.vatRate,
        manualUnitPrice: l.manualPrice ? l.unitPrice : null,
      })),
    });
  } catch {
    // A line the engine cannot price (a bad quantity being typed): the cart's own problems say
    // so; its figures stay unpriced until it is fixed.
    return { ...cart, pricingVersion: undefined };
  }
  return {
    ...cart,
    pricingVersion: rules.version,
    lines: cart.lines.map((l, i) => {
      const p = priced.lines[i];
      if (p.manual) return { ...l, promotionDiscount: 0, priceListName: null, promotions: [] };
      return {
        ...l,
        unitPrice: p.unitPrice,
        autoPrice: p.unitPrice,
        discount: l.discount + p.promotionDiscount,
        promotionDiscount: p.promotionDiscount,
        priceListName: p.priceListName,
        promotions: p.promotions,
      };
    }),
  };
}

/** The cashier's own discount on a priced line (what the discount cell edits). */
export const manualDiscountOf = (line: CartLine) => line.discount - (line.promotionDiscount ?? 0);

/** The price lists the cashier may pick from (can_sell_at_price_list): every active one. */
export function pickableLists(rules: PricingRulesDto | null): { id: string; name: string }[] {
  return (rules?.priceLists ?? []).filter((l) => l.active).map((l) => ({ id: l.id, name: l.name }));
}
