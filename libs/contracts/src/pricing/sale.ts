// A sale's automatic prices (issue 33 items 1–2 wired to the sale, docs/decisions/0079): the one
// function the till (on every cart change), its offline copy and the server (recomputing every
// sale) call, so each side derives the same unit prices and promotion discounts from the same
// rules. Around priceCart it adds what a sale has and a bare cart has not:
// - a unit price set by hand (can_change_sell_price) replaces every automatic price of its line:
//   that line takes no list price and no promotion, and the rest of the cart is priced without it;
// - the category ancestors of each line, from the rules' category tree (both sides read the same);
// - per line, what the receipt prints: the list that priced it and each promotion's share.
// The cashier's manual line and invoice discounts come after the promotions (on what is left).
import { computeSale, type SaleMathLine } from '../sale-math';
import { priceCart } from './engine';
import { localTime } from './time';
import {
  DEFAULT_TIME_ZONE,
  type CartLine,
  type PriceCartInput,
  type PricedCart,
  type PricingRules,
} from './types';

/** The rules as the server sends them: the rule set and the category tree (child → parent). */
export type SalePricingRules = PricingRules & { categoryParents?: Record<string, string> };

export type SalePricingLine = Omit<CartLine, 'categoryAncestorIds'> & {
  /** a unit price typed by the cashier; null/absent: the automatic price */
  manualUnitPrice?: number | null;
};

export type SalePricingInput = Omit<PriceCartInput, 'lines' | 'rules'> & {
  lines: SalePricingLine[];
  rules: SalePricingRules;
};

/**
 * One promotion's share of a line, with its name (what the till and the receipt show) and, for a
 * coupon promotion, the code that unlocked it.
 */
export type LinePromotion = { promotionId: string; name: string; amount: number; code?: string };

export type SalePricedLine = {
  key: string;
  /** the automatic unit price, or the manual one */
  unitPrice: number;
  /** the list that priced it; null: the variant's own sell price, or a manual price */
  priceListId: string | null;
  priceListName: string | null;
  /** Σ promotions on the line (the sale line's discount before the cashier's own) */
  promotionDiscount: number;
  promotions: LinePromotion[];
  /** its unit price was set by hand (no list, no promotion) */
  manual: boolean;
};

export type SalePricing = {
  rulesVersion: string | null;
  /** in the input's order */
  lines: SalePricedLine[];
  promotions: PricedCart['promotions'];
  /** the entered coupon codes and what each gave (PricedCart.coupons) */
  coupons: PricedCart['coupons'];
};

/** A category's ancestors, nearest first (a loop in a broken tree stops at the first repeat). */
export function categoryAncestors(
  categoryId: string | null,
  parents: Record<string, string> | undefined,
): string[] {
  const out: string[] = [];
  if (!categoryId || !parents) return out;
  const seen = new Set([categoryId]);
  for (let p = parents[categoryId]; p && !seen.has(p); p = parents[p]) {
    out.push(p);
    seen.add(p);
  }
  return out;
}

/**
 * The automatic prices of a sale's lines (see the file's head). A manual price equal to the
 * automatic one is no manual price (the line keeps its list and promotions).
 */
export function priceSaleLines(input: SalePricingInput): SalePricing {
  const { lines, rules, ...rest } = input;
  const parents = rules.categoryParents;
  const cartLines: CartLine[] = lines.map(({ manualUnitPrice: _manual, ...l }) => ({
    ...l,
    categoryAncestorIds: categoryAncestors(l.categoryId, parents),
  }));
  const first = priceCart({ ...rest, rules, lines: cartLines });
  const manual = new Set(
    lines
      .filter((l, i) => l.manualUnitPrice != null && l.manualUnitPrice !== first.lines[i].unitPrice)
      .map((l) => l.key),
  );
  const priced = manual.size
    ? priceCart({ ...rest, rules, lines: cartLines.filter((l) => !manual.has(l.key)) })
    : first;
  const names = new Map(rules.priceLists.map((l) => [l.id, l.name]));
  const promoNames = new Map(priced.promotions.map((p) => [p.promotionId, p.name]));
  const byKey = new Map(priced.lines.map((l) => [l.key, l]));
  const codes = new Map(
    priced.coupons.filter((c) => c.amount > 0).map((c) => [c.promotionId, c.code]),
  );
  return {
    rulesVersion: priced.rulesVersion,
    promotions: priced.promotions,
    coupons: priced.coupons,
    lines: lines.map((l) => {
      const p = byKey.get(l.key);
      if (!p)
        return {
          key: l.key,
          unitPrice: l.manualUnitPrice!,
          priceListId: null,
          priceListName: null,
          promotionDiscount: 0,
          promotions: [],
          manual: true,
        };
      return {
        key: l.key,
        unitPrice: p.unitPrice,
        priceListId: p.priceListId,
        priceListName: p.priceListId ? (names.get(p.priceListId) ?? null) : null,
        promotionDiscount: p.discount,
        promotions: p.allocations.map((a) => {
          const code = codes.get(a.promotionId);
          return {
            promotionId: a.promotionId,
            name: promoNames.get(a.promotionId) ?? '',
            amount: a.amount,
            ...(code ? { code } : {}),
          };
        }),
        manual: false,
      };
    }),
  };
}

/**
 * The cashier's discount as a percent (what their cap is checked against): from the total at the
 * automatic prices after promotions (`base`: each line at its automatic unit price with its
 * promotions as its discount, no invoice discount) down to the sale's total. Promotions first,
 * then the manual discounts: a promotion never uses up a cashier's cap.
 */
export function manualDiscountPercent(base: SaleMathLine[], total: number): number {
  const baseTotal = computeSale(base, 0).total;
  return baseTotal > 0
    ? Math.max(0, Math.round(((baseTotal - total) * 10000) / baseTotal) / 100)
    : 0;
}

// --- coupon codes (issue 33 item 3, docs/decisions/0086) ----------------------------------------
// What makes an entered code usable, the same check on the server (in the sale's transaction, on
// the locked code) and on the till (on what it was told when the code was entered, or had kept
// offline). Here beside priceSaleLines so both land in one browser chunk (a module of its own
// made the bundler split the till page's chunk wrongly).

/** A code: A–Z, 0–9 and '-', 3–40 characters, kept in upper case. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9-]{3,40}$/;
/** Codes entered on one sale. */
export const COUPONS_PER_SALE = 5;

/** A typed or scanned code as stored: trimmed, upper case (Arabic-Indic digits as ASCII). */
export function normalizeCouponCode(raw: string): string {
  return raw
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .toUpperCase();
}

/** What the server and the till know of a code when it is entered. */
export type CouponState = {
  code: string;
  promotionId: string;
  /** the code and its promotion are on */
  active: boolean;
  /** the one customer it is for; null: anyone */
  customerId: string | null;
  /** local days, YYYY-MM-DD, inclusive; null: open-ended */
  validFrom: string | null;
  validTo: string | null;
  /** redemptions left in all; null: no limit */
  usesLeft: number | null;
  /** limited per customer (the sale needs a customer); null: no such limit */
  maxUsesPerCustomer: number | null;
  /** redemptions left for the sale's customer; null: no such limit */
  customerUsesLeft: number | null;
};

/** Why a code cannot be used (an `errors.<code>` key); the limits are the last two. */
export const COUPON_PROBLEMS = [
  'COUPON_INACTIVE',
  'COUPON_NOT_STARTED',
  'COUPON_EXPIRED',
  'COUPON_OTHER_CUSTOMER',
  'COUPON_CUSTOMER_REQUIRED',
  'COUPON_USED_UP',
  'COUPON_CUSTOMER_LIMIT',
] as const;
export type CouponProblem = (typeof COUPON_PROBLEMS)[number] | 'COUPON_NOT_FOUND';

/** The first reason the code cannot be used on this sale, or null. */
export function couponProblem(
  c: CouponState,
  sale: { customerId: string | null; now: Date | string | number; timeZone?: string },
): CouponProblem | null {
  if (!c.active) return 'COUPON_INACTIVE';
  const today = localTime(sale.now, sale.timeZone ?? DEFAULT_TIME_ZONE).date;
  if (c.validFrom && today < c.validFrom) return 'COUPON_NOT_STARTED';
  if (c.validTo && today > c.validTo) return 'COUPON_EXPIRED';
  if (c.customerId && c.customerId !== sale.customerId) return 'COUPON_OTHER_CUSTOMER';
  if (c.maxUsesPerCustomer !== null && !sale.customerId) return 'COUPON_CUSTOMER_REQUIRED';
  if (c.usesLeft !== null && c.usesLeft <= 0) return 'COUPON_USED_UP';
  if (c.customerUsesLeft !== null && c.customerUsesLeft <= 0) return 'COUPON_CUSTOMER_LIMIT';
  return null;
}
