import type { PricingRulesDto } from '@pos/contracts';
import { createStore } from 'jotai';
import {
  addVariant,
  cartProblems,
  cartTotals,
  newCart,
  toCreateSaleDto,
  updateLine,
  type Cart,
} from '../../../shared/lib/cart';
import { variant } from '../lib/fixtures';
import {
  cartAtom,
  cartTotalsAtom,
  pricedLinesAtom,
  pricingBranchAtom,
  pricingRulesAtom,
} from '../state/cartStore';
import { customerGroupOf, keptRules, loadRules } from './rulesCache';
import { manualDiscountOf, priceTillCart } from './tillPricing';
import { memoryStorage } from '../../../shared/lib/memoryStorage.testing';

const NOW = Date.parse('2026-12-05T10:00:00Z');

/** A wholesale list for group g-traders (item a at 80.00), and "buy 2 get 1" on item b. */
const rules: PricingRulesDto = {
  version: '7',
  branchId: 'b1',
  priceLists: [
    {
      id: 'pl-w',
      name: 'جملة',
      kind: 'wholesale',
      priority: 10,
      active: true,
      scope: { customerGroupIds: ['g-traders'] },
      items: [{ variantId: 'a', unitPrice: 8000, breaks: [{ minQuantity: 10, unitPrice: 7500 }] }],
    },
  ],
  promotions: [
    {
      id: 'promo-b2g1',
      name: 'اشتري 2 والثالث مجانًا',
      kind: 'buy-x-get-y',
      active: true,
      priority: 0,
      buy: { variantIds: ['b'] },
      buyQuantity: 2,
      getQuantity: 1,
      percent: 100,
    },
    {
      id: 'promo-cat',
      name: 'خصم الأدوات',
      kind: 'item-discount',
      active: true,
      priority: 0,
      target: { categoryIds: ['c-parent'] },
      off: { percent: 10 },
    },
  ],
  categoryParents: { 'c-child': 'c-parent' },
};

const ctx = { rules, branchId: 'b1', now: NOW };

function cartOf(...adds: [string, number, number][]): Cart {
  let cart = newCart('sale-1');
  for (const [id, price, qty] of adds) cart = addVariant(cart, variant(id, price), qty);
  return cart;
}

describe('the till priced with the pricing engine', () => {
  it('sells at the sell prices, unpriced, until the rules are there', () => {
    const cart = cartOf(['a', 10000, 1]);
    expect(priceTillCart(cart, { ...ctx, rules: null })).toBe(cart);
    expect(priceTillCart(cart, { ...ctx, branchId: null })).toBe(cart);
  });

  it("a customer in the wholesale group gets the list's price and the line says which list", () => {
    const cart = cartOf(['a', 10000, 2]);
    const walkIn = priceTillCart(cart, ctx);
    expect(walkIn.lines[0]).toMatchObject({ unitPrice: 10000, priceListName: null });
    const trader = priceTillCart(
      {
        ...cart,
        customer: { id: 'c1', name: 'تاجر', phone: null, balance: 0, groupId: 'g-traders' },
      },
      ctx,
    );
    expect(trader.pricingVersion).toBe('7');
    expect(trader.lines[0]).toMatchObject({
      unitPrice: 8000,
      autoPrice: 8000,
      priceListName: 'جملة',
      promotionDiscount: 0,
    });
    expect(cartTotals(trader).total).toBe(16000);
    // a quantity break: 10 units at 75.00
    const ten = priceTillCart({ ...trader, lines: [{ ...trader.lines[0], quantity: 10 }] }, ctx);
    expect(ten.lines[0].unitPrice).toBe(7500);
  });

  it('a picked list applies to a walk-in customer', () => {
    const cart = { ...cartOf(['a', 10000, 1]), priceListId: 'pl-w' };
    const priced = priceTillCart(cart, ctx);
    expect(priced.lines[0]).toMatchObject({ unitPrice: 8000, priceListName: 'جملة' });
    expect(toCreateSaleDto(priced, [], null, 8000).pricing).toEqual({
      version: '7',
      priceListId: 'pl-w',
    });
  });

  it('buy 2 get 1: the third unit free, shown on the line with its name and amount', () => {
    const priced = priceTillCart(cartOf(['b', 3000, 3]), ctx);
    expect(priced.lines[0]).toMatchObject({
      unitPrice: 3000,
      discount: 3000,
      promotionDiscount: 3000,
      promotions: [{ promotionId: 'promo-b2g1', name: 'اشتري 2 والثالث مجانًا', amount: 3000 }],
    });
    expect(cartTotals(priced).total).toBe(6000);
  });

  it('a coupon promotion runs only with its code; the line and the sale carry the code', () => {
    const withCoupon: PricingRulesDto = {
      ...rules,
      promotions: [
        ...rules.promotions,
        {
          id: 'promo-coupon',
          name: 'كوبون',
          kind: 'item-discount',
          coupon: true,
          active: true,
          priority: 0,
          target: { variantIds: ['a'] },
          off: { amount: 1000 },
        },
      ],
    };
    const cart = cartOf(['a', 10000, 1]);
    expect(priceTillCart(cart, { ...ctx, rules: withCoupon }).lines[0].promotionDiscount).toBe(0);
    const coupons = [{ code: 'AHLAN10', promotionId: 'promo-coupon', promotionName: 'كوبون' }];
    const priced = priceTillCart({ ...cart, coupons }, { ...ctx, rules: withCoupon });
    expect(priced.lines[0].promotions).toEqual([
      { promotionId: 'promo-coupon', name: 'كوبون', amount: 1000, code: 'AHLAN10' },
    ]);
    expect(toCreateSaleDto(priced, [], null, 9000).coupons).toEqual(['AHLAN10']);
  });

  it("a category promotion reaches a subcategory's item through the rules' tree", () => {
    const cart = addVariant(newCart('s'), variant('d', 5000, { categoryId: 'c-child' }), 1);
    expect(priceTillCart(cart, ctx).lines[0].promotionDiscount).toBe(500);
  });

  it("the cashier's discount comes on top of the promotions and only it counts against the cap", () => {
    let cart = cartOf(['b', 3000, 3]);
    cart = updateLine(cart, 'b', { discount: 600 });
    const priced = priceTillCart(cart, ctx);
    expect(priced.lines[0].discount).toBe(3600);
    expect(manualDiscountOf(priced.lines[0])).toBe(600);
    const totals = cartTotals(priced);
    expect(totals.total).toBe(5400);
    // 600 of 6000 after the promotion: 10 %, not the 40 % off the list prices
    expect(totals.capPercent).toBe(10);
    const rulesOf = (max: number) => ({
      maxDiscountPercent: max,
      canBypassMaxDiscount: false,
      allowNegativeStock: true,
    });
    expect(cartProblems(priced, totals, rulesOf(10))).toEqual([]);
    expect(cartProblems(priced, totals, rulesOf(5))).toEqual([
      { code: 'MAX_DISCOUNT_EXCEEDED', percent: 10, max: 5 },
    ]);
    // the sale sends the cashier's part and the promotions' part apart
    expect(toCreateSaleDto(priced, [], null, 5400).lines).toEqual([
      { variantId: 'b', quantity: 3, discount: 600, promotionDiscount: 3000 },
    ]);
  });

  it('a price typed by the cashier takes the line out of the lists and promotions', () => {
    let cart = cartOf(['b', 3000, 3]);
    cart = updateLine(cart, 'b', { unitPrice: 2500 });
    expect(cart.lines[0].manualPrice).toBe(true);
    const priced = priceTillCart(cart, ctx);
    expect(priced.lines[0]).toMatchObject({
      unitPrice: 2500,
      promotionDiscount: 0,
      promotions: [],
    });
    expect(priced.lines[0].autoPrice).toBeUndefined();
    expect(toCreateSaleDto(priced, [], null, 7500).lines).toEqual([
      { variantId: 'b', quantity: 3, unitPrice: 2500 },
    ]);
  });

  it('the store prices the cart on every change, from the rules and the branch atoms', () => {
    const store = createStore();
    store.set(cartAtom, cartOf(['b', 3000, 2]));
    expect(store.get(cartTotalsAtom).total).toBe(6000);
    store.set(pricingRulesAtom, rules);
    store.set(pricingBranchAtom, 'b1');
    expect(store.get(cartTotalsAtom).total).toBe(6000);
    store.set(cartAtom, updateLine(store.get(cartAtom), 'b', { quantity: 3 }));
    // updateLine with a quantity is no manual price
    expect(store.get(pricedLinesAtom)[0].promotionDiscount).toBe(3000);
    expect(store.get(cartTotalsAtom).total).toBe(6000);
  });
});

/** A localStorage stand-in. */
const response = (status: number, body: unknown, etag: string | null) =>
  ({
    status,
    json: async () => body,
    headers: { get: (h: string) => (h === 'ETag' ? etag : null) },
  }) as unknown as Response;

describe('the rules on the device', () => {
  it('keeps the rules with their ETag, asks again with it, and uses the kept ones on a 304 or offline', async () => {
    const storage = memoryStorage();
    const fetcher = jest.fn().mockResolvedValueOnce(response(200, rules, '"pricing-7-b1"'));
    expect(await loadRules(storage, 'b1', fetcher)).toEqual(rules);
    expect(keptRules(storage, 'b1')).toEqual({ etag: '"pricing-7-b1"', rules });

    fetcher.mockResolvedValueOnce(response(304, undefined, '"pricing-7-b1"'));
    expect(await loadRules(storage, 'b1', fetcher)).toEqual(rules);
    expect(fetcher.mock.calls[1][1]).toMatchObject({
      query: { branchId: 'b1' },
      headers: { 'If-None-Match': '"pricing-7-b1"' },
    });

    fetcher.mockRejectedValueOnce(new Error('offline'));
    expect(await loadRules(storage, 'b1', fetcher)).toEqual(rules);
    // nothing kept for another branch: the error
    fetcher.mockRejectedValueOnce(new Error('offline'));
    await expect(loadRules(storage, 'b2', fetcher)).rejects.toThrow('offline');
  });

  it("keeps a customer's group for offline", async () => {
    const storage = memoryStorage();
    const online = jest.fn().mockResolvedValue({ groupId: 'g-traders' });
    expect(await customerGroupOf(storage, 'c1', online as never)).toBe('g-traders');
    const offline = jest.fn().mockRejectedValue(new Error('offline'));
    expect(await customerGroupOf(storage, 'c1', offline as never)).toBe('g-traders');
    expect(await customerGroupOf(storage, 'c2', offline as never)).toBeNull();
  });
});
