// The POS cart as plain data and pure functions: the screen keeps a Cart in state, every change
// goes through these, and the totals come from the contracts' computeSale (the server recomputes
// them with the same function and decides). Money in integer piasters; quantities ≤ 3 decimals.
import {
  LIMITS,
  SaleMathError,
  computeSale,
  manualDiscountPercent,
  quantityFitsUnit,
  type CreateSaleDto,
  type PaymentMethodDto,
  type SaleMathResult,
  type VariantResponseDto,
} from '@pos/contracts';

export type CartLine = {
  variantId: string;
  productName: string;
  properties: Record<string, string>;
  sku: string;
  barcode: string | null;
  unit: string;
  quantity: number;
  /** piasters per unit (list price unless changed with can_change_sell_price) */
  unitPrice: number;
  listPrice: number;
  minSellPrice: number;
  /** piasters off this line */
  discount: number;
  vatRate: number;
  /** on hand in the POS inventory when last seen (search result or live event) */
  onHand: number | null;
  /** of which reserved by approved transfers (not for sale); absent in carts saved before it existed */
  reserved?: number;
  /** what the till's promotions match (issue 33); absent in carts saved before it existed */
  productId?: string;
  categoryId?: string | null;
  /** the cashier typed the unit price (no price list, no promotion on the line) */
  manualPrice?: boolean;
  /** how the product's units are told apart (issue 34); absent: not tracked */
  tracking?: 'serial' | 'batch';
  /** a phone's IMEIs per unit (serial tracking): its serials are IMEIs */
  imeiCount?: number;
  /** a serial product's units on the line, as scanned (the quantity is their count) */
  serials?: string[];
  /** a batch product's lot the cashier chose instead of the first-expiry-first-out pick */
  lot?: string | null;
  // Set on the priced cart only (features/pos/pricing, issue 33), never saved:
  /** the automatic unit price (a list's or the sell price); absent: a manual price */
  autoPrice?: number;
  /** Σ promotions in `discount` (the rest is the cashier's) */
  promotionDiscount?: number;
  priceListName?: string | null;
  /** `code`: the coupon code that unlocked a coupon promotion */
  promotions?: { promotionId: string; name: string; amount: number; code?: string }[];
};

/** A coupon code entered on the cart (issue 33 item 3), as the server or the device's copy said. */
export type TillCoupon = { code: string; promotionId: string; promotionName: string };

export type CartCustomer = {
  id: string;
  name: string;
  phone: string | null;
  balance: number;
  /** piasters; 0 = no limit (on account then only for holders of can_grant_credit) */
  creditLimit?: number;
  /** the customer's group (their price list and promotions, issue 33); absent: not known */
  groupId?: string | null;
};

/**
 * Whether the amount left due may go on this customer's account (the server's rule, issue 11):
 * a holder of can_grant_credit always; anyone else within a limit the customer has.
 */
export function creditProblem(
  customer: Pick<CartCustomer, 'balance' | 'creditLimit'>,
  due: number,
  mayGrantCredit: boolean,
  offline = false,
): { code: 'NEEDS_PERMISSION' | 'LIMIT' | 'OFFLINE_LIMIT'; available: number } | null {
  if (due <= 0) return null;
  // Offline (issue 32, docs/offline.md): the server would accept the sale and only flag it, so
  // the till itself keeps it within the limit it holds, whatever the user's permission; an
  // unknown limit counts as none.
  if (offline) {
    const limit = customer.creditLimit ?? 0;
    return customer.balance + due > limit
      ? { code: 'OFFLINE_LIMIT', available: Math.max(0, limit - customer.balance) }
      : null;
  }
  // Unknown limit (a cart parked before it was kept): the server decides.
  if (mayGrantCredit || customer.creditLimit === undefined) return null;
  const limit = customer.creditLimit;
  const available = Math.max(0, limit - customer.balance);
  if (limit <= 0) return { code: 'NEEDS_PERMISSION', available };
  return customer.balance + due > limit ? { code: 'LIMIT', available } : null;
}

export type Cart = {
  /** The sale id (UUID) made on the client: the idempotency key, kept until the sale succeeds. */
  id: string;
  lines: CartLine[];
  invoiceDiscount: number;
  customer: CartCustomer | null;
  note: string;
  createdAt: string;
  /** a price list the cashier picked (can_sell_at_price_list, issue 33); absent: automatic */
  priceListId?: string | null;
  /** set on the priced cart: the pricing rules' version it was priced with */
  pricingVersion?: string | null;
  /** coupon codes entered (checked when entered; the sale checks them again) */
  coupons?: TillCoupon[];
};

/** `giftCardCode`: a gift-card tender's card (issue 33 item 5). */
export type PaymentEntry = { methodId: string; amount: number; giftCardCode?: string };

export function newCart(id: string, now = new Date()): Cart {
  return {
    id,
    lines: [],
    invoiceDiscount: 0,
    customer: null,
    note: '',
    createdAt: now.toISOString(),
  };
}

/** Quantity arithmetic in integer thousandths (no 0.1 + 0.2 drift). */
export function addQuantities(a: number, b: number): number {
  return (Math.round(a * 1000) + Math.round(b * 1000)) / 1000;
}

export function lineFromVariant(
  variant: VariantResponseDto,
  quantity = 1,
  barcode: string | null = null,
): CartLine {
  return {
    variantId: variant.id,
    productName: variant.productName,
    properties: variant.properties ?? {},
    sku: variant.sku,
    barcode: barcode ?? variant.barcodes?.[0] ?? null,
    unit: variant.unit,
    quantity,
    unitPrice: variant.sellPrice,
    listPrice: variant.sellPrice,
    minSellPrice: variant.minSellPrice,
    discount: 0,
    vatRate: variant.vatRate,
    onHand: variant.onHand ?? null,
    reserved: variant.reserved ?? 0,
    productId: variant.productId,
    categoryId: variant.categoryId ?? null,
    ...(variant.tracking === 'serial' || variant.tracking === 'batch'
      ? { tracking: variant.tracking, imeiCount: variant.imeiCount ?? 0 }
      : {}),
    ...(variant.tracking === 'serial' ? { serials: [] } : {}),
  };
}

/** What can be sold from the line's inventory: on hand − reserved (thousandths), null when unknown. */
export function availableOf(line: Pick<CartLine, 'onHand' | 'reserved'>): number | null {
  if (line.onHand === null) return null;
  return (Math.round(line.onHand * 1000) - Math.round((line.reserved ?? 0) * 1000)) / 1000;
}

/** The same for a search result (on hand − reserved), undefined when the search had no inventory. */
export function variantAvailable(
  variant: Pick<VariantResponseDto, 'onHand' | 'reserved'>,
): number | undefined {
  if (variant.onHand === undefined) return undefined;
  return availableOf({ onHand: variant.onHand, reserved: variant.reserved }) ?? undefined;
}

/**
 * Adds a variant: +quantity on its line when already in the cart (moved to the top), else a new
 * line on top. `serial`: the unit scanned (a serial product, issue 34): it joins the line's units
 * (once) and the line's quantity is their count.
 */
export function addVariant(
  cart: Cart,
  variant: VariantResponseDto,
  quantity = 1,
  barcode: string | null = null,
  serial: string | null = null,
): Cart {
  const index = cart.lines.findIndex((l) => l.variantId === variant.id);
  if (serial) {
    const line = index >= 0 ? cart.lines[index] : lineFromVariant(variant, 1, barcode);
    const serials = [...new Set([...(line.serials ?? []), serial])];
    const updated: CartLine = { ...line, serials, quantity: serials.length };
    return {
      ...cart,
      lines: [updated, ...cart.lines.filter((_, i) => i !== index)],
    };
  }
  if (index >= 0) {
    const line = cart.lines[index];
    const updated: CartLine = {
      ...line,
      quantity: addQuantities(line.quantity, quantity),
      ...(variant.onHand !== undefined
        ? { onHand: variant.onHand, reserved: variant.reserved ?? 0 }
        : {}),
    };
    return { ...cart, lines: [updated, ...cart.lines.filter((_, i) => i !== index)] };
  }
  return { ...cart, lines: [lineFromVariant(variant, quantity, barcode), ...cart.lines] };
}

export function updateLine(
  cart: Cart,
  variantId: string,
  patch: Partial<Pick<CartLine, 'quantity' | 'unitPrice' | 'discount'>>,
): Cart {
  // A typed unit price is the cashier's (issue 33): the line leaves the lists and promotions.
  const manual = patch.unitPrice !== undefined ? { manualPrice: true } : {};
  return {
    ...cart,
    lines: cart.lines.map((l) => (l.variantId === variantId ? { ...l, ...patch, ...manual } : l)),
  };
}

/** A serial line's units as the serials dialog saved them: the quantity is their count (issue 34). */
export function setLineSerials(cart: Cart, variantId: string, serials: string[]): Cart {
  return {
    ...cart,
    lines: cart.lines.map((l) =>
      l.variantId === variantId ? { ...l, serials, quantity: Math.max(serials.length, 1) } : l,
    ),
  };
}

/** A batch line's lot chosen by the cashier; null: first expiry first out again (issue 34). */
export function setLineLot(cart: Cart, variantId: string, lot: string | null): Cart {
  return {
    ...cart,
    lines: cart.lines.map((l) => (l.variantId === variantId ? { ...l, lot } : l)),
  };
}

/** A serial line still short of its units: it cannot be paid (issue 34). */
export const serialsMissing = (line: Pick<CartLine, 'tracking' | 'serials' | 'quantity'>) =>
  line.tracking === 'serial' && (line.serials?.length ?? 0) !== line.quantity;

export function removeLine(cart: Cart, variantId: string): Cart {
  return { ...cart, lines: cart.lines.filter((l) => l.variantId !== variantId) };
}

/** A live stock figure (stock.changed: on hand and reserved) for the lines of that variant. */
export function applyOnHand(cart: Cart, variantId: string, onHand: number, reserved = 0): Cart {
  if (
    !cart.lines.some(
      (l) => l.variantId === variantId && (l.onHand !== onHand || (l.reserved ?? 0) !== reserved),
    )
  )
    return cart;
  return {
    ...cart,
    lines: cart.lines.map((l) => (l.variantId === variantId ? { ...l, onHand, reserved } : l)),
  };
}

export type CartTotals = SaleMathResult & {
  itemCount: number;
  error: 'DISCOUNT_TOO_LARGE' | null;
  /**
   * The cashier's discount percent (their cap): off the automatic prices after promotions (the
   * server's rule, docs/decisions/0079); the list prices when the cart is not priced.
   */
  capPercent: number;
};

/** The cart's figures (a preview: the server recomputes and its invoice is what prints). */
export function cartTotals(cart: Cart): CartTotals {
  const itemCount = cart.lines.reduce((s, l) => addQuantities(s, l.quantity), 0);
  try {
    const math = computeSale(
      cart.lines.map((l) => ({
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        listPrice: l.listPrice,
        discount: l.discount,
        vatRate: l.vatRate,
      })),
      cart.invoiceDiscount,
    );
    const capPercent = manualDiscountPercent(
      cart.lines.map((l) => ({
        quantity: l.quantity,
        unitPrice: l.autoPrice ?? l.listPrice,
        listPrice: l.listPrice,
        discount: l.promotionDiscount ?? 0,
        vatRate: l.vatRate,
      })),
      math.total,
    );
    return { ...math, itemCount, error: null, capPercent };
  } catch (err) {
    // Figures that cannot be computed show as those of an empty cart.
    if (err instanceof SaleMathError)
      return { ...computeSale([], 0), itemCount, error: err.code, capPercent: 0 };
    throw err;
  }
}

export type CartProblem =
  | { code: 'EMPTY' }
  | { code: 'DISCOUNT_TOO_LARGE' }
  | { code: 'MAX_DISCOUNT_EXCEEDED'; percent: number; max: number }
  | { code: 'BELOW_MIN_PRICE'; variantId: string }
  | { code: 'INSUFFICIENT_STOCK'; variantId: string }
  | { code: 'BAD_QUANTITY'; variantId: string }
  | { code: 'SERIALS_MISSING'; variantId: string };

export type CartRules = {
  maxDiscountPercent: number;
  canBypassMaxDiscount: boolean;
  /** The POS inventory allows negative stock (then the available quantity is not checked). */
  allowNegativeStock: boolean;
};

/** What stops this cart from being paid (the server checks the same rules and has the last word). */
export function cartProblems(cart: Cart, totals: CartTotals, rules: CartRules): CartProblem[] {
  const problems: CartProblem[] = [];
  if (cart.lines.length === 0) problems.push({ code: 'EMPTY' });
  if (totals.error) problems.push({ code: totals.error });
  for (const line of cart.lines) {
    // ≤ 3 decimals, whole for counted goods, within the line limit (the server's rules, issue 11).
    if (
      !(line.quantity > 0) ||
      Math.round(line.quantity * 1000) !== line.quantity * 1000 ||
      !quantityFitsUnit(line.unit, line.quantity) ||
      line.quantity > LIMITS.lineQuantity
    ) {
      problems.push({ code: 'BAD_QUANTITY', variantId: line.variantId });
    }
    // an automatic price (a price list's) is not held to the minimum: the list sets it
    const automatic = line.autoPrice !== undefined && line.unitPrice === line.autoPrice;
    if (!rules.canBypassMaxDiscount && !automatic && line.unitPrice < line.minSellPrice) {
      problems.push({ code: 'BELOW_MIN_PRICE', variantId: line.variantId });
    }
    if (serialsMissing(line)) problems.push({ code: 'SERIALS_MISSING', variantId: line.variantId });
    const available = availableOf(line);
    if (!rules.allowNegativeStock && available !== null && line.quantity > available) {
      problems.push({ code: 'INSUFFICIENT_STOCK', variantId: line.variantId });
    }
  }
  if (
    !rules.canBypassMaxDiscount &&
    !totals.error &&
    totals.capPercent > rules.maxDiscountPercent
  ) {
    problems.push({
      code: 'MAX_DISCOUNT_EXCEEDED',
      percent: totals.capPercent,
      max: rules.maxDiscountPercent,
    });
  }
  return problems;
}

export type PaymentSummary = {
  paid: number;
  /** still to pay (goes on the customer's balance if the sale is completed like this) */
  remaining: number;
  /** cash handed back */
  changeDue: number;
  /** a non-cash method pays more than the total */
  overpaid: boolean;
};

/** Split payment arithmetic: only cash may exceed the total, the excess is the change. */
export function paymentSummary(
  total: number,
  payments: PaymentEntry[],
  methods: Pick<PaymentMethodDto, 'id' | 'type'>[],
): PaymentSummary {
  const typeOf = new Map(methods.map((m) => [m.id, m.type]));
  const valid = payments.filter((p) => p.amount > 0);
  const paid = valid.reduce((s, p) => s + p.amount, 0);
  const cash = valid
    .filter((p) => typeOf.get(p.methodId) === 'cash')
    .reduce((s, p) => s + p.amount, 0);
  const nonCash = paid - cash;
  const overpaid = nonCash > total;
  const excess = Math.max(0, paid - total);
  return {
    paid,
    remaining: Math.max(0, total - paid),
    changeDue: overpaid ? 0 : Math.min(excess, cash),
    overpaid,
  };
}

/** The request body of POST /api/Sales. */
export function toCreateSaleDto(
  cart: Cart,
  payments: PaymentEntry[],
  inventoryId: string | null,
  clientTotal: number,
  installment = false,
  cod = false,
): CreateSaleDto {
  const dto: CreateSaleDto = {
    id: cart.id,
    lines: cart.lines
      .slice()
      .reverse()
      .map((l) => ({
        variantId: l.variantId,
        quantity: l.quantity,
        ...(l.unitPrice !== l.listPrice ? { unitPrice: l.unitPrice } : {}),
        // the cashier's part; the promotions' as the till priced them (the server checks it)
        ...(l.discount - (l.promotionDiscount ?? 0) > 0
          ? { discount: l.discount - (l.promotionDiscount ?? 0) }
          : {}),
        ...(l.promotionDiscount ? { promotionDiscount: l.promotionDiscount } : {}),
        // a serial product's units, a batch product's chosen lot (issue 34)
        ...(l.tracking === 'serial' && l.serials?.length ? { serials: l.serials } : {}),
        ...(l.tracking === 'batch' && l.lot ? { lot: l.lot } : {}),
      })),
    payments: payments
      .filter((p) => p.amount > 0)
      .map((p) => ({
        methodId: p.methodId,
        amount: p.amount,
        ...(p.giftCardCode ? { giftCardCode: p.giftCardCode } : {}),
      })),
    clientTotal,
  };
  if (inventoryId) dto.inventoryId = inventoryId;
  if (cart.customer) dto.customerId = cart.customer.id;
  if (cart.invoiceDiscount > 0) dto.invoiceDiscount = cart.invoiceDiscount;
  if (cart.note.trim()) dto.note = cart.note.trim();
  // The rules the cart was priced with (issue 33), and the list the cashier picked.
  if (cart.pricingVersion)
    dto.pricing = {
      version: cart.pricingVersion,
      ...(cart.priceListId ? { priceListId: cart.priceListId } : {}),
    };
  if (cart.coupons?.length) dto.coupons = cart.coupons.map((c) => c.code);
  // Cash on delivery (issue 30 item 21): the remainder is owed by the delivery order, not on account.
  if (cod) dto.cod = true;
  else if (installment) dto.installment = true;
  return dto;
}

/** Return quantities: never more than sold − already returned (thousandths). */
export function returnableQuantity(sold: number, returned: number): number {
  return Math.max(0, (Math.round(sold * 1000) - Math.round(returned * 1000)) / 1000);
}
