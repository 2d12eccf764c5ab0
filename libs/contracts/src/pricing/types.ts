// The pricing engine's rule model (issue 33 item 2): price lists and promotions as plain JSON, so
// the same rules travel from the server's tables to the till and its offline catalog unchanged.
// Money is integer piasters; quantities have at most 3 decimals; percentages at most 2 decimals.
// Bounds are in PRICING_LIMITS and checked by checkPricingRules (the server's DTOs use them when
// rules are saved; priceCart trusts saved rules but never produces a negative or oversized figure).

/** Bounds of the rule model. */
export const PRICING_LIMITS = {
  /** Promotions the engine is given at once (active or not). */
  promotions: 2_000,
  /** Price lists the engine is given at once. */
  priceLists: 100,
  /** Variant prices on one price list. */
  priceListItems: 200_000,
  /** Quantity breaks on one variant price. */
  quantityBreaks: 10,
  /** Ids (variants, products, categories, brands, branches, groups) in one target or scope. */
  targetIds: 5_000,
  /** Hour windows on one time window. */
  hourWindows: 6,
  /** A promotion's or a price list's priority: 0 (lowest) … 1,000. */
  priority: 1_000,
  /** Units in "buy X", "get Y" or a fixed-price set: 1 … 1,000 (a set: 2 … 1,000). */
  setUnits: 1_000,
  /** A promotion's applications on one cart (maxApplications): 1 … 100,000. */
  applications: 100_000,
  /** Percent off: 0.01 … 100, at most 2 decimals. */
  percentMax: 100,
  /** Ids and names: at most this many characters. */
  idLength: 100,
  nameLength: 200,
} as const;

/** The store's time zone when none is given (DESIGN.md §4). */
export const DEFAULT_TIME_ZONE = 'Africa/Cairo';

/**
 * When a rule runs, in the store's time zone. Every part given must hold at `now`; each part is
 * checked on the local date and time of `now` (an overnight hour window 20:00–03:00 running on
 * Thursday night needs weekdays [4, 5] to cover Friday's early hours).
 */
export type TimeWindow = {
  /** first local day, YYYY-MM-DD, inclusive */
  from?: string;
  /** last local day, YYYY-MM-DD, inclusive */
  to?: string;
  /** local weekdays, 0 = Sunday … 6 = Saturday; absent or empty: every day */
  weekdays?: number[];
  /**
   * Local hours, "HH:MM" (00:00 … 24:00), start inclusive, end exclusive; an end before the start
   * runs past midnight (Ramadan evenings "20:00"–"03:00"). Absent or empty: all day.
   */
  hours?: { from: string; to: string }[];
};

/** Where and for whom a rule runs; an absent or empty list places no limit. */
export type RuleScope = {
  branchIds?: string[];
  customerGroupIds?: string[];
};

// --- price lists --------------------------------------------------------------------------------

/** From `minQuantity` units of the variant in the cart (summed over its lines), this unit price. */
export type QuantityBreak = { minQuantity: number; unitPrice: number };

export type PriceListItem = {
  variantId: string;
  /** piasters per unit, VAT included, like the variant's sell price */
  unitPrice: number;
  /** larger quantities at lower prices; the largest break reached wins */
  breaks?: QuantityBreak[];
};

/**
 * retail: the default prices (the variant's own sell price is the retail price when no list has
 * the variant); wholesale: prices for traders, applied automatically only to the customer groups
 * in its scope, otherwise only when the cashier picks it (a permission); group and branch: lists
 * for a customer group or a branch.
 */
export type PriceListKind = 'retail' | 'wholesale' | 'group' | 'branch';

export type PriceList = {
  id: string;
  name: string;
  kind: PriceListKind;
  /** higher first when several lists price a variant; then the lower price; then the id */
  priority: number;
  active: boolean;
  /** local days the list is valid (from/to only; weekdays and hours are not used) */
  valid?: Pick<TimeWindow, 'from' | 'to'>;
  scope?: RuleScope;
  items: PriceListItem[];
};

// --- promotions ---------------------------------------------------------------------------------

/**
 * Which items a promotion looks at: a line matches when any given list names it (its variant, its
 * product, its category or an ancestor category, its brand). No list given: every item.
 * Brand: products have no brand yet; the catalog adds it as a product attribute and cart lines
 * carry it.
 */
export type ItemTarget = {
  variantIds?: string[];
  productIds?: string[];
  categoryIds?: string[];
  brands?: string[];
};

/** Off: a percent (of the price) or an amount in piasters (per unit, or per cart for spend). */
export type Off = { percent: number; amount?: undefined } | { amount: number; percent?: undefined };

type PromotionCommon = {
  id: string;
  name: string;
  active: boolean;
  /** higher tiers are applied first; within a tier the best for the customer (see priceCart) */
  priority: number;
  /**
   * Exclusive: applies only to lines no other promotion has touched, and no other promotion
   * touches its lines after it.
   */
  exclusive?: boolean;
  /**
   * Stackable (item discounts and spend promotions only): applies on top of other promotions,
   * to what is left of a line after them, instead of competing for its units.
   */
  stackable?: boolean;
  /**
   * A coupon promotion (issue 33 item 3): runs only on a cart whose entered codes name it
   * (PriceCartInput.coupons); then like any other (priority, exclusive, stackable).
   */
  coupon?: boolean;
  window?: TimeWindow;
  scope?: RuleScope;
};

/** Percent or amount (per unit) off an item, a category or a brand. */
export type ItemDiscountPromotion = PromotionCommon & {
  kind: 'item-discount';
  target: ItemTarget;
  off: Off;
};

/**
 * Buy X get Y: X units of `buy` bring Y units of `get` (the same items when absent) at `percent`
 * off (100 = free). Same items: the units are ranked by price, highest first, and cut into sets of
 * X + Y; the last Y of each set (its cheapest) are discounted. Other items: the cheapest `get` units
 * are discounted, the `buy` units are the dearest left. Whole units only (a weighed line's
 * fraction is not counted).
 */
export type BuyXGetYPromotion = PromotionCommon & {
  kind: 'buy-x-get-y';
  buy: ItemTarget;
  buyQuantity: number;
  get?: ItemTarget;
  getQuantity: number;
  percent: number;
  maxApplications?: number;
};

/**
 * A fixed price for a set ("3 for 100 EGP"): `quantity` units of the target for `price` piasters.
 * Units are ranked by price, highest first, and cut into sets; a set is sold at the price only when
 * its own prices add up to more. Whole units only.
 */
export type SetPricePromotion = PromotionCommon & {
  kind: 'set-price';
  target: ItemTarget;
  quantity: number;
  price: number;
  maxApplications?: number;
};

/**
 * Spend at least `minSpend` piasters on the target (every item when absent), counted after the
 * line promotions, and get `off` (a percent of that spend, at most `maxDiscount`, or an amount).
 * Spread over the target's lines in proportion to what is left of each.
 */
export type SpendPromotion = PromotionCommon & {
  kind: 'spend';
  target?: ItemTarget;
  minSpend: number;
  off: Off;
  maxDiscount?: number;
};

export type Promotion =
  ItemDiscountPromotion | BuyXGetYPromotion | SetPricePromotion | SpendPromotion;
export type PromotionKind = Promotion['kind'];

/** Everything the engine prices with; `version` comes back on the result (which rules priced it). */
export type PricingRules = {
  version?: string;
  priceLists: PriceList[];
  promotions: Promotion[];
};

// --- the cart and the result --------------------------------------------------------------------

export type CartLine = {
  /** unique in the cart and stable (the till's line id): results and remainders follow it */
  key: string;
  variantId: string;
  productId: string;
  categoryId: string | null;
  /** the category's ancestors (a promotion on a parent category reaches its children) */
  categoryAncestorIds?: string[];
  brand?: string | null;
  /** ≤ 3 decimals, > 0, ≤ LIMITS.lineQuantity */
  quantity: number;
  /** the variant's own sell price, piasters, VAT included (the retail price) */
  listPrice: number;
  vatRate: number;
};

export type PriceCartInput = {
  lines: CartLine[];
  branchId: string;
  customerGroupId?: string | null;
  /** a list the cashier picked (the caller checks the permission); its group scope is waived */
  priceListId?: string | null;
  /** the instant the sale is rung (the device's clock offline) */
  now: Date | string | number;
  /** IANA zone, DEFAULT_TIME_ZONE when absent */
  timeZone?: string;
  rules: PricingRules;
  /**
   * The coupon codes entered, each with the promotion it belongs to (the caller looked the code up
   * and checked it: the server in its table, the till in what it was told or cached). A coupon
   * promotion runs only when a code names it; order and repeats change nothing.
   */
  coupons?: EnteredCoupon[];
};

/** A coupon code entered on the cart and the promotion it unlocks. */
export type EnteredCoupon = { code: string; promotionId: string };

/**
 * What an entered code gave: its promotion's amount on the cart, 0 when the promotion gave nothing
 * (or another code of the same promotion, smaller in code-point order, already counts for it).
 */
export type UsedCoupon = EnteredCoupon & { amount: number };

/** One promotion's part of one line. */
export type LineAllocation = { promotionId: string; amount: number };

export type PricedLine = {
  key: string;
  variantId: string;
  quantity: number;
  vatRate: number;
  listPrice: number;
  /** the unit price charged before promotions */
  unitPrice: number;
  /** the list that gave unitPrice; null: the variant's own sell price */
  priceListId: string | null;
  /** chargedAmount(quantity, unitPrice) */
  gross: number;
  /** Σ allocations: the sale line's discount */
  discount: number;
  /** gross − discount */
  net: number;
  allocations: LineAllocation[];
};

export type AppliedPromotion = {
  promotionId: string;
  /** the promotion's name, for the till's lines and the receipt */
  name: string;
  kind: PromotionKind;
  /** 'cart': a spend promotion */
  level: 'line' | 'cart';
  /** sets, or 1 for item discounts and spend promotions */
  applications: number;
  amount: number;
  lines: { key: string; amount: number }[];
};

export type PricedCart = {
  rulesVersion: string | null;
  /** in the input's order */
  lines: PricedLine[];
  /** in the order they were applied */
  promotions: AppliedPromotion[];
  /** every entered code once, in code-point order, with what it gave */
  coupons: UsedCoupon[];
  totals: {
    /** Σ quantity × the variants' own sell prices */
    listTotal: number;
    /** Σ gross: the cart before promotions */
    subtotal: number;
    /** Σ promotions */
    discount: number;
    total: number;
    vatTotal: number;
  };
};
