// Rules indexed for pricing: per price list a map of its variants, per promotion its targets as
// sets, and an index from a variant, product, category or brand to the promotions that may match
// it. Made once per rules object (kept in a WeakMap), so a till pricing every scan pays it once.
import { basisPoints } from './arith';
import { inWindow, type LocalTime } from './time';
import type {
  CartLine,
  ItemTarget,
  PriceList,
  PriceListItem,
  PricingRules,
  Promotion,
  RuleScope,
} from './types';

export type CompiledTarget = {
  all: boolean;
  variants: Set<string>;
  products: Set<string>;
  categories: Set<string>;
  brands: Set<string>;
};

export type CompiledPromotion = {
  /** position in rules.promotions */
  index: number;
  promo: Promotion;
  /** the items the promotion looks at (buy items for buy X get Y) */
  target: CompiledTarget;
  /** buy X get Y on other items: the items discounted */
  get: CompiledTarget | null;
  /** basis points off (percent promotions) */
  bp: number;
};

export type CompiledPriceList = {
  list: PriceList;
  items: Map<string, PriceListItem>;
};

export type CompiledRules = {
  rules: PricingRules;
  /** the arrays and their lengths when compiled: a changed array is compiled again */
  seen: { lists: PriceList[]; promos: Promotion[]; listCount: number; promoCount: number };
  priceLists: CompiledPriceList[];
  promotions: CompiledPromotion[];
  /** promotions naming a variant, a product, a category or a brand */
  byVariant: Map<string, number[]>;
  byProduct: Map<string, number[]>;
  byCategory: Map<string, number[]>;
  byBrand: Map<string, number[]>;
  /** promotions that look at every item */
  everywhere: number[];
};

const cache = new WeakMap<PricingRules, CompiledRules>();

function compileTarget(t: ItemTarget | undefined): CompiledTarget {
  const variants = new Set(t?.variantIds ?? []);
  const products = new Set(t?.productIds ?? []);
  const categories = new Set(t?.categoryIds ?? []);
  const brands = new Set(t?.brands ?? []);
  const all = variants.size + products.size + categories.size + brands.size === 0;
  return { all, variants, products, categories, brands };
}

export function matches(t: CompiledTarget, line: CartLine): boolean {
  if (t.all) return true;
  if (t.variants.has(line.variantId) || t.products.has(line.productId)) return true;
  if (line.categoryId && t.categories.has(line.categoryId)) return true;
  if (line.categoryAncestorIds?.some((c) => t.categories.has(c))) return true;
  return !!line.brand && t.brands.has(line.brand);
}

function targetOf(p: Promotion): ItemTarget | undefined {
  return p.kind === 'buy-x-get-y' ? p.buy : p.target;
}

/**
 * The rules indexed, cached per rules object. Treat rules as immutable: replace the object (or at
 * least its arrays) to change them; an array replaced or grown is noticed, an element edited in
 * place is not.
 */
export function compilePricingRules(rules: PricingRules): CompiledRules {
  const hit = cache.get(rules);
  if (
    hit &&
    hit.seen.lists === rules.priceLists &&
    hit.seen.promos === rules.promotions &&
    hit.seen.listCount === rules.priceLists.length &&
    hit.seen.promoCount === rules.promotions.length
  )
    return hit;
  const byVariant = new Map<string, number[]>();
  const byProduct = new Map<string, number[]>();
  const byCategory = new Map<string, number[]>();
  const byBrand = new Map<string, number[]>();
  const everywhere: number[] = [];
  const add = (map: Map<string, number[]>, key: string, i: number) => {
    const list = map.get(key);
    if (!list) map.set(key, [i]);
    else if (list[list.length - 1] !== i) list.push(i);
  };
  const promotions = rules.promotions.map((promo, index): CompiledPromotion => {
    const target = compileTarget(targetOf(promo));
    const get = promo.kind === 'buy-x-get-y' && promo.get ? compileTarget(promo.get) : null;
    for (const t of get ? [target, get] : [target]) {
      if (t.all) {
        if (everywhere[everywhere.length - 1] !== index) everywhere.push(index);
        continue;
      }
      for (const v of t.variants) add(byVariant, v, index);
      for (const v of t.products) add(byProduct, v, index);
      for (const v of t.categories) add(byCategory, v, index);
      for (const v of t.brands) add(byBrand, v, index);
    }
    const percent =
      promo.kind === 'buy-x-get-y' ? promo.percent : 'off' in promo ? promo.off.percent : undefined;
    return { index, promo, target, get, bp: percent === undefined ? 0 : basisPoints(percent) };
  });
  const priceLists = rules.priceLists.map((list) => ({
    list,
    items: new Map(list.items.map((it) => [it.variantId, it])),
  }));
  const compiled = {
    rules,
    seen: {
      lists: rules.priceLists,
      promos: rules.promotions,
      listCount: rules.priceLists.length,
      promoCount: rules.promotions.length,
    },
    priceLists,
    promotions,
    byVariant,
    byProduct,
    byCategory,
    byBrand,
    everywhere,
  };
  cache.set(rules, compiled);
  return compiled;
}

/**
 * The promotions whose target or get items name the line (or every item), possibly more than once.
 * A promotion found here without separate get items matches the line; one with them is told apart
 * by `matches`.
 */
export function candidatesOf(c: CompiledRules, line: CartLine, visit: (i: number) => void): void {
  const each = (list: number[] | undefined) => {
    if (list) for (const i of list) visit(i);
  };
  each(c.byVariant.get(line.variantId));
  each(c.byProduct.get(line.productId));
  if (line.categoryId) each(c.byCategory.get(line.categoryId));
  if (line.categoryAncestorIds) for (const a of line.categoryAncestorIds) each(c.byCategory.get(a));
  if (line.brand) each(c.byBrand.get(line.brand));
  each(c.everywhere);
}

export function inScope(
  scope: RuleScope | undefined,
  branchId: string,
  groupId: string | null,
): boolean {
  if (scope?.branchIds?.length && !scope.branchIds.includes(branchId)) return false;
  if (scope?.customerGroupIds?.length && (!groupId || !scope.customerGroupIds.includes(groupId)))
    return false;
  return true;
}

/** Whether a list may price this cart: automatically, or as the cashier's pick (`picked`). */
export function listUsable(
  list: PriceList,
  at: LocalTime,
  branchId: string,
  groupId: string | null,
  picked: boolean,
): boolean {
  if (!list.active || !inWindow(list.valid, at)) return false;
  if (picked) return inScope({ branchIds: list.scope?.branchIds }, branchId, groupId);
  if (list.kind === 'wholesale' && !list.scope?.customerGroupIds?.length) return false;
  return inScope(list.scope, branchId, groupId);
}

/** The item's unit price for `quantity` units (the largest break reached). */
export function itemPrice(item: PriceListItem, quantity: number): number {
  let price = item.unitPrice;
  let reached = -1;
  for (const b of item.breaks ?? []) {
    if (quantity >= b.minQuantity && b.minQuantity > reached) {
      reached = b.minQuantity;
      price = b.unitPrice;
    }
  }
  return price;
}
