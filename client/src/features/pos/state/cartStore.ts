// The till's cart as jotai atoms: the cart (lines, customer, invoice discount), the parked carts,
// the payment dialog's state and the last sale; totals and problems derived from them (integer
// piasters, the contracts' computeSale through shared/lib/cart); every change a write atom. The
// atoms live in the app's one store: the till's components read only what they show, so a scan
// re-renders the cart table and the totals, not the screen around them.
import type { PricingRulesDto, SaleDto, VariantResponseDto } from '@pos/contracts';
import { atom } from 'jotai';
import {
  addVariant,
  applyOnHand,
  cartProblems,
  cartTotals,
  newCart,
  removeLine,
  setLineLot,
  setLineSerials,
  updateLine,
  type Cart,
  type CartCustomer,
  type CartLine,
  type CartRules,
  type TillCoupon,
} from '../../../shared/lib/cart';
import { newId } from '../../../shared/lib/ids';
import { park, unpark, type ParkedCart } from '../lib/parked';
import { priceTillCart } from '../pricing/tillPricing';

export type LinePatch = Partial<Pick<CartLine, 'quantity' | 'unitPrice' | 'discount'>>;

const cartKey = (userId: string) => `pos.cart.${userId}`;

/** The cart saved for this user (a broken or missing one gives a new cart). */
export function loadCart(storage: Pick<Storage, 'getItem'> | null, userId: string): Cart {
  try {
    const raw = storage?.getItem(cartKey(userId));
    const cart = raw ? (JSON.parse(raw) as Cart) : null;
    if (cart && typeof cart.id === 'string' && Array.isArray(cart.lines)) return cart;
  } catch {
    // a broken saved cart is dropped
  }
  return newCart(newId());
}

export function saveCart(storage: Pick<Storage, 'setItem'> | null, userId: string, cart: Cart) {
  storage?.setItem(cartKey(userId), JSON.stringify(cart));
}

// --- State

/** The cart on screen; its id is the sale's id (the sale's idempotency key) until it is sold. */
export const cartAtom = atom<Cart>(newCart(''));
/** The carts parked on this register (lib/parked.ts keeps them in localStorage). */
export const parkedAtom = atom<ParkedCart[]>([]);
/** What the cart is checked against: the user's discount limit and the inventory's setting. */
export const cartRulesAtom = atom<CartRules>({
  maxDiscountPercent: 0,
  canBypassMaxDiscount: false,
  allowNegativeStock: false,
});

export type PayState = { open: boolean; submitting: boolean; error: string | null };
/** The payment dialog: open, a sale being sent, the server's refusal said inside it. */
export const payAtom = atom<PayState>({ open: false, submitting: false, error: null });
/** The last sale made here (its number, change, reprint). */
export const lastSaleAtom = atom<SaleDto | null>(null);

/** The branch's pricing rules (issue 33: pricing/usePricingRules keeps them fresh) and its id. */
export const pricingRulesAtom = atom<PricingRulesDto | null>(null);
export const pricingBranchAtom = atom<string | null>(null);

// --- Derived (read-only)

export const cartLinesAtom = atom((get) => get(cartAtom).lines);
export const cartEmptyAtom = atom((get) => get(cartAtom).lines.length === 0);
/**
 * The cart priced with the branch's rules (price lists, quantity breaks, promotions) on every
 * change: what the screen shows, the totals add up and the sale sends (pricing/tillPricing.ts).
 */
export const pricedCartAtom = atom((get) =>
  priceTillCart(get(cartAtom), {
    rules: get(pricingRulesAtom),
    branchId: get(pricingBranchAtom),
    now: Date.now(),
  }),
);
export const pricedLinesAtom = atom((get) => get(pricedCartAtom).lines);
export const cartTotalsAtom = atom((get) => cartTotals(get(pricedCartAtom)));
/** Each line's total by variant id (null while the cart's figures cannot be computed). */
export const lineTotalsAtom = atom((get) => {
  const lines = get(cartLinesAtom);
  const totals = get(cartTotalsAtom);
  return new Map(totals.lines.map((l, i) => [lines[i]?.variantId, l.lineTotal]));
});
export const cartProblemsAtom = atom((get) =>
  cartProblems(get(pricedCartAtom), get(cartTotalsAtom), get(cartRulesAtom)),
);
/** What stops the payment (an empty cart only keeps the button disabled). */
export const blockingProblemsAtom = atom((get) =>
  get(cartProblemsAtom).filter((p) => p.code !== 'EMPTY'),
);
export const parkedCountAtom = atom((get) => get(parkedAtom).length);

// --- Read/write parts of the cart

export const cartCustomerAtom = atom(
  (get) => get(cartAtom).customer,
  (get, set, customer: CartCustomer | null) => set(cartAtom, { ...get(cartAtom), customer }),
);
/** The price list the cashier picked (can_sell_at_price_list); null: the automatic one. */
export const cartPriceListAtom = atom(
  (get) => get(cartAtom).priceListId ?? null,
  (get, set, priceListId: string | null) => set(cartAtom, { ...get(cartAtom), priceListId }),
);
/** The coupon codes entered on the cart (issue 33 item 3): added once each, removed by code. */
export const cartCouponsAtom = atom(
  (get) => get(cartAtom).coupons ?? [],
  (get, set, coupons: TillCoupon[]) => set(cartAtom, { ...get(cartAtom), coupons }),
);
/** The customer's group, once known (the customer may have changed meanwhile: then nothing). */
export const customerGroupAtom = atom(
  null,
  (get, set, known: { customerId: string; groupId: string | null }) => {
    const cart = get(cartAtom);
    if (cart.customer?.id !== known.customerId || cart.customer.groupId === known.groupId) return;
    set(cartAtom, { ...cart, customer: { ...cart.customer, groupId: known.groupId } });
  },
);
/** The invoice discount (piasters); cleared to 0. */
export const invoiceDiscountAtom = atom(
  (get) => get(cartAtom).invoiceDiscount,
  (get, set, value: number | null) =>
    set(cartAtom, { ...get(cartAtom), invoiceDiscount: value ?? 0 }),
);

// --- Actions

/** The till opens with this user's saved cart and parked carts. */
export const openTillAtom = atom(null, (_get, set, saved: { cart: Cart; parked: ParkedCart[] }) => {
  set(cartAtom, saved.cart);
  set(parkedAtom, saved.parked);
  set(payAtom, { open: false, submitting: false, error: null });
  set(lastSaleAtom, null);
});

/** The inventory the till sells from (set by useTillStore): a batch line's lots are read there. */
export const tillInventoryAtom = atom<string | null>(null);

/** The serial line whose units the serials dialog asks for (issue 34); null: closed. */
export const serialsDialogAtom = atom<string | null>(null);

/**
 * A scanned or picked variant: +quantity on its line (moved to the top) or a new line on top.
 * `serial`: the unit scanned (its serial or IMEI, issue 34) joins the line; a serial product added
 * without one opens the serials dialog for its line.
 */
export const addVariantAtom = atom(
  null,
  (
    get,
    set,
    add: {
      variant: VariantResponseDto;
      quantity: number;
      code: string | null;
      serial?: string | null;
    },
  ) => {
    set(cartAtom, addVariant(get(cartAtom), add.variant, add.quantity, add.code, add.serial));
    if (add.variant.tracking === 'serial' && !add.serial) set(serialsDialogAtom, add.variant.id);
  },
);

/** A serial line's units as the dialog saved them (the quantity their count). */
export const setLineSerialsAtom = atom(
  null,
  (get, set, change: { variantId: string; serials: string[] }) =>
    set(cartAtom, setLineSerials(get(cartAtom), change.variantId, change.serials)),
);

/** A batch line's lot chosen by the cashier (null: first expiry first out). */
export const setLineLotAtom = atom(
  null,
  (get, set, change: { variantId: string; lot: string | null }) =>
    set(cartAtom, setLineLot(get(cartAtom), change.variantId, change.lot)),
);

export const updateLineAtom = atom(
  null,
  (get, set, change: { variantId: string; patch: LinePatch }) =>
    set(cartAtom, updateLine(get(cartAtom), change.variantId, change.patch)),
);

export const removeLineAtom = atom(null, (get, set, variantId: string) =>
  set(cartAtom, removeLine(get(cartAtom), variantId)),
);

/** A live stock figure for a variant's line (unchanged cart when it changes nothing). */
export const applyOnHandAtom = atom(
  null,
  (get, set, stock: { variantId: string; onHand: number; reserved: number }) => {
    const cart = get(cartAtom);
    const next = applyOnHand(cart, stock.variantId, stock.onHand, stock.reserved);
    if (next !== cart) set(cartAtom, next);
  },
);

/** A new empty cart with a new sale id (after a sale, or the cart discarded). */
export const newSaleAtom = atom(null, (_get, set) => set(cartAtom, newCart(newId())));

/**
 * Parks the cart on screen under `label` (the customer's name when it has one) and starts a new
 * one. False when there is nothing to park.
 */
export const parkCartAtom = atom(null, (get, set, label: (count: number) => string): boolean => {
  const cart = get(cartAtom);
  if (cart.lines.length === 0) return false;
  const list = get(parkedAtom);
  set(parkedAtom, park(list, cart, cart.customer?.name ?? label(list.length + 1)));
  set(cartAtom, newCart(newId()));
  return true;
});

/** Resumes a parked cart; the cart on screen, if it has lines, is parked in its place. */
export const resumeParkedAtom = atom(
  null,
  (get, set, resume: { id: string; label: (count: number) => string }): boolean => {
    const { cart: found, rest } = unpark(get(parkedAtom), resume.id);
    if (!found) return false;
    const cart = get(cartAtom);
    set(
      parkedAtom,
      cart.lines.length > 0
        ? park(rest, cart, cart.customer?.name ?? resume.label(rest.length + 1))
        : rest,
    );
    set(cartAtom, found);
    return true;
  },
);

export const dropParkedAtom = atom(null, (get, set, id: string) =>
  set(parkedAtom, unpark(get(parkedAtom), id).rest),
);

export const openPayAtom = atom(null, (_get, set) =>
  set(payAtom, { open: true, submitting: false, error: null }),
);
export const closePayAtom = atom(null, (get, set) =>
  set(payAtom, { ...get(payAtom), open: false, error: null }),
);
/** A sale is being sent: the dialog's buttons wait, the last error is cleared. */
export const paySubmittingAtom = atom(null, (get, set) =>
  set(payAtom, { ...get(payAtom), submitting: true, error: null }),
);
/** The server refused the sale: said in the dialog, which stays open with the same cart. */
export const payFailedAtom = atom(null, (get, set, error: string) =>
  set(payAtom, { ...get(payAtom), submitting: false, error }),
);
/** The sale is made: the dialog closes, the sale is the last one and a new cart starts. */
export const saleDoneAtom = atom(null, (_get, set, sale: SaleDto) => {
  set(payAtom, { open: false, submitting: false, error: null });
  set(lastSaleAtom, sale);
  set(cartAtom, newCart(newId()));
});
