// Issue 33 acceptance: properties of priceCart over random carts and rule sets.
import fc from 'fast-check';
import { computeSale } from '../sale-math';
import { priceCart, toSaleMathInput } from './engine';
import type {
  CartLine,
  ItemTarget,
  PriceCartInput,
  PriceList,
  PricedCart,
  Promotion,
  TimeWindow,
} from './types';

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);
const VARIANTS = ['v0', 'v1', 'v2', 'v3', 'v4', 'v5'];
const PRODUCTS = ['p0', 'p1', 'p2', 'p3'];
const CATEGORIES = ['c0', 'c1', 'c2'];
const BRANDS = ['جهينة', 'المراعي', 'بيتي'];
const GROUPS = ['retail', 'traders', 'vip'];
const BRANCHES = ['b1', 'b2'];

const quantity = fc.oneof(
  fc.integer({ min: 1, max: 12 }),
  fc.integer({ min: 1, max: 5000 }).map((m) => m / 1000),
);
const price = fc.oneof(fc.integer({ min: 0, max: 200_000 }), fc.constant(100_000_000));

const line = (key: string): fc.Arbitrary<CartLine> =>
  fc.record({
    key: fc.constant(key),
    variantId: pick(VARIANTS),
    productId: pick(PRODUCTS),
    categoryId: fc.option(pick(CATEGORIES), { nil: null }),
    categoryAncestorIds: fc.subarray(CATEGORIES, { maxLength: 1 }),
    brand: fc.option(pick(BRANDS), { nil: null }),
    quantity,
    listPrice: price,
    vatRate: pick([0, 5, 14]),
  });

const lines = fc
  .integer({ min: 1, max: 15 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => line(`k${i}`))));

const target: fc.Arbitrary<ItemTarget> = fc.oneof(
  fc.constant({}),
  fc.record({ variantIds: fc.subarray(VARIANTS, { minLength: 1 }) }),
  fc.record({ productIds: fc.subarray(PRODUCTS, { minLength: 1 }) }),
  fc.record({ categoryIds: fc.subarray(CATEGORIES, { minLength: 1 }) }),
  fc.record({ brands: fc.subarray(BRANDS, { minLength: 1 }) }),
);
const off = fc.oneof(
  fc.integer({ min: 1, max: 10_000 }).map((bp) => ({ percent: bp / 100 })),
  fc.integer({ min: 1, max: 50_000 }).map((amount) => ({ amount })),
);
/** Mostly `usual` (so most random rules run), sometimes `rare`. */
const mostly = <T>(usual: fc.Arbitrary<T>, rare: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: usual }, { weight: 1, arbitrary: rare });
const window: fc.Arbitrary<TimeWindow | undefined> = mostly(
  fc.constant(undefined),
  fc.record(
    {
      from: pick(['2026-01-01', '2026-06-15', '2026-12-01']),
      to: pick(['2026-06-30', '2026-12-31', '2027-12-31']),
      weekdays: fc.subarray([0, 1, 2, 3, 4, 5, 6], { minLength: 1 }),
      hours: fc.constant([{ from: '20:00', to: '03:00' }]),
    },
    { requiredKeys: [] },
  ),
);
const scope = mostly(
  fc.constant(undefined),
  fc.record(
    {
      branchIds: fc.subarray(BRANCHES, { minLength: 1 }),
      customerGroupIds: fc.subarray(GROUPS, { minLength: 1 }),
    },
    { requiredKeys: [] },
  ),
);
const common = fc.record({
  name: fc.constant('عرض'),
  active: mostly(fc.constant(true), fc.constant(false)),
  priority: fc.integer({ min: 0, max: 3 }),
  exclusive: mostly(fc.constant(false), fc.constant(true)),
  coupon: mostly(fc.constant(false), fc.constant(true)),
  window,
  scope,
});
const promotionBody = fc.oneof(
  fc.record({ kind: fc.constant('item-discount' as const), target, off, stackable: fc.boolean() }),
  fc.record({
    kind: fc.constant('buy-x-get-y' as const),
    buy: target,
    get: fc.option(target, { nil: undefined }),
    buyQuantity: fc.integer({ min: 1, max: 3 }),
    getQuantity: fc.integer({ min: 1, max: 2 }),
    percent: fc.integer({ min: 1, max: 10_000 }).map((bp) => bp / 100),
    maxApplications: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('set-price' as const),
    target,
    quantity: fc.integer({ min: 2, max: 4 }),
    price: fc.integer({ min: 0, max: 300_000 }),
    maxApplications: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('spend' as const),
    target: fc.option(target, { nil: undefined }),
    minSpend: fc.integer({ min: 0, max: 500_000 }),
    off,
    maxDiscount: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: undefined }),
    stackable: fc.boolean(),
  }),
);
const promotions = fc
  .array(fc.tuple(common, promotionBody), { maxLength: 12 })
  .map((xs) => xs.map(([c, b], i) => ({ ...c, ...b, id: `promo-${i}` }) as Promotion));

const priceLists = fc
  .array(
    fc.record({
      kind: pick(['retail', 'wholesale', 'group', 'branch'] as const),
      priority: fc.integer({ min: 0, max: 2 }),
      active: fc.boolean(),
      valid: fc.option(fc.record({ from: pick(['2026-01-01', '2026-12-01']) }), { nil: undefined }),
      scope: fc.record(
        {
          branchIds: fc.subarray(BRANCHES, { minLength: 1 }),
          customerGroupIds: fc.subarray(GROUPS, { minLength: 1 }),
        },
        { requiredKeys: [] },
      ),
      items: fc.uniqueArray(
        fc.record({
          variantId: pick(VARIANTS),
          unitPrice: price,
          breaks: fc.array(
            fc.record({ minQuantity: fc.integer({ min: 2, max: 10 }), unitPrice: price }),
            { maxLength: 2 },
          ),
        }),
        { selector: (it) => it.variantId, maxLength: 6 },
      ),
    }),
    { maxLength: 4 },
  )
  .map((xs) => xs.map((x, i) => ({ ...x, id: `list-${i}`, name: `قائمة ${i}` }) as PriceList));

const input: fc.Arbitrary<PriceCartInput> = fc.record({
  lines,
  branchId: pick(BRANCHES),
  customerGroupId: fc.option(pick(GROUPS), { nil: null }),
  priceListId: fc.option(pick(['list-0', 'list-1']), { nil: null }),
  now: fc
    .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 11, 31) })
    .map((t) => new Date(t).toISOString()),
  rules: fc.record({ priceLists, promotions }),
  // codes entered (some naming a promotion that is no coupon, or none at all, or repeated)
  // (a code belongs to one promotion; a promotion may have several codes)
  coupons: fc.array(
    pick([
      { code: 'A1', promotionId: 'promo-0' },
      { code: 'B2', promotionId: 'promo-0' },
      { code: 'C3', promotionId: 'promo-1' },
      { code: 'D4', promotionId: 'promo-2' },
      { code: 'E5', promotionId: 'promo-3' },
      { code: 'F6', promotionId: 'promo-20' },
    ]),
    { maxLength: 4 },
  ),
});

/** What a line and the promotions come to, by key (the input's order does not matter). */
const byKey = (r: PricedCart) => ({
  lines: Object.fromEntries(r.lines.map((l) => [l.key, l])),
  promotions: r.promotions,
  coupons: r.coupons,
  totals: r.totals,
});

const RUNS = { numRuns: 300 };

describe('priceCart properties', () => {
  it('never charges less than nothing or more than the undiscounted cart', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = priceCart(i);
        expect(r.totals.total).toBeGreaterThanOrEqual(0);
        expect(r.totals.total).toBeLessThanOrEqual(r.totals.subtotal);
        expect(r.totals.total).toBe(r.totals.subtotal - r.totals.discount);
        if (!i.rules.priceLists.length)
          expect(r.totals.total).toBeLessThanOrEqual(r.totals.listTotal);
      }),
      RUNS,
    );
  });

  it('allocates whole piasters, never more than a line, adding up everywhere', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = priceCart(i);
        for (const l of r.lines) {
          expect(l.discount).toBeGreaterThanOrEqual(0);
          expect(l.discount).toBeLessThanOrEqual(l.gross);
          expect(l.net).toBe(l.gross - l.discount);
          for (const a of l.allocations) {
            expect(Number.isSafeInteger(a.amount) && a.amount > 0).toBe(true);
          }
          expect(l.allocations.reduce((s, a) => s + a.amount, 0)).toBe(l.discount);
        }
        for (const p of r.promotions) {
          expect(p.lines.every((x) => Number.isSafeInteger(x.amount) && x.amount > 0)).toBe(true);
          expect(p.lines.reduce((s, x) => s + x.amount, 0)).toBe(p.amount);
        }
        expect(r.promotions.reduce((s, p) => s + p.amount, 0)).toBe(r.totals.discount);
        const sale = computeSale(toSaleMathInput(r).lines);
        expect(sale.total).toBe(r.totals.total);
        expect(sale.vatTotal).toBe(r.totals.vatTotal);
      }),
      RUNS,
    );
  });

  it('gives nothing away when no promotion runs', () => {
    fc.assert(
      fc.property(input, (i) => {
        const off = i.rules.promotions.map((p) => ({ ...p, active: false }));
        const r = priceCart({ ...i, rules: { ...i.rules, promotions: off } });
        expect(r.promotions).toEqual([]);
        expect(r.totals.total).toBe(r.totals.subtotal);
        expect(r.lines.map((l) => l.unitPrice)).toEqual(priceCart(i).lines.map((l) => l.unitPrice));
      }),
      RUNS,
    );
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(input, fc.array(fc.nat(), { minLength: 15, maxLength: 15 }), (i, seeds) => {
        const shuffled = i.lines
          .map((l, k) => ({ l, s: seeds[k] }))
          .sort((a, b) => a.s - b.s)
          .map((x) => x.l);
        expect(byKey(priceCart({ ...i, lines: shuffled }))).toEqual(byKey(priceCart(i)));
      }),
      RUNS,
    );
  });

  it('is deterministic, and the rules survive JSON unchanged', () => {
    fc.assert(
      fc.property(input, (i) => {
        const again = JSON.parse(JSON.stringify(i)) as PriceCartInput;
        expect(priceCart(again)).toEqual(priceCart(i));
      }),
      RUNS,
    );
  });

  it('runs a coupon promotion only when one of its codes was entered, in any order', () => {
    fc.assert(
      fc.property(input, fc.array(fc.nat(), { minLength: 4, maxLength: 4 }), (i, seeds) => {
        const r = priceCart(i);
        const named = new Set((i.coupons ?? []).map((c) => c.promotionId));
        const coupons = new Set(i.rules.promotions.filter((p) => p.coupon).map((p) => p.id));
        for (const p of r.promotions)
          if (coupons.has(p.promotionId)) expect(named.has(p.promotionId)).toBe(true);
        // a cart with no code is priced as if the coupon promotions did not exist
        const bare = priceCart({ ...i, coupons: [] });
        const without = priceCart({
          ...i,
          coupons: [],
          rules: { ...i.rules, promotions: i.rules.promotions.filter((p) => !p.coupon) },
        });
        expect(byKey(bare)).toEqual(byKey(without));
        // every code once, what the codes gave is part of the discount
        const codes = r.coupons.map((c) => c.code);
        expect(new Set(codes).size).toBe(codes.length);
        expect(r.coupons.reduce((s, c) => s + c.amount, 0)).toBeLessThanOrEqual(r.totals.discount);
        for (const c of r.coupons) expect(c.amount).toBeGreaterThanOrEqual(0);
        const shuffled = (i.coupons ?? [])
          .map((c, k) => ({ c, s: seeds[k] }))
          .sort((a, b) => a.s - b.s)
          .map((x) => x.c);
        expect(byKey(priceCart({ ...i, coupons: shuffled }))).toEqual(byKey(r));
      }),
      RUNS,
    );
  });
});
