import { computeSale } from '../sale-math';
import { priceCart, toSaleMathInput } from './engine';
import { cartInput, cartLine, rulesWith } from './testing';
import type { PricedCart, Promotion } from './types';

const amounts = (r: PricedCart) => Object.fromEntries(r.lines.map((l) => [l.key, l.discount]));
const base = { active: true, priority: 10 } as const;

describe('priceCart: promotions', () => {
  it('takes a percent off a category, its sub-categories included', () => {
    const promo: Promotion = {
      ...base,
      id: 'dairy10',
      name: 'خصم 10% على الألبان',
      kind: 'item-discount',
      target: { categoryIds: ['dairy'] },
      off: { percent: 10 },
    };
    const r = priceCart(
      cartInput(
        [
          cartLine('a', 1999, 3, { categoryId: 'dairy' }),
          cartLine('b', 4550, 1, { categoryId: 'cheese', categoryAncestorIds: ['dairy'] }),
          cartLine('c', 1000, 2, { categoryId: 'bread' }),
        ],
        rulesWith([promo]),
      ),
    );
    expect(amounts(r)).toEqual({ a: 600, b: 455, c: 0 }); // 599.7 → 600, 455
    expect(r.promotions).toEqual([
      {
        promotionId: 'dairy10',
        name: 'خصم 10% على الألبان',
        kind: 'item-discount',
        level: 'line',
        applications: 1,
        amount: 1055,
        lines: [
          { key: 'a', amount: 600 },
          { key: 'b', amount: 455 },
        ],
      },
    ]);
    expect(r.totals.total).toBe(3 * 1999 + 4550 + 2000 - 1055);
  });

  it('takes an amount per unit off a brand, never more than the price', () => {
    const promo: Promotion = {
      ...base,
      id: 'juhayna',
      name: 'جهينة 5 ج.م',
      kind: 'item-discount',
      target: { brands: ['جهينة'] },
      off: { amount: 500 },
    };
    const r = priceCart(
      cartInput(
        [
          cartLine('a', 2500, 2, { brand: 'جهينة' }),
          cartLine('b', 300, 1, { brand: 'جهينة' }),
          cartLine('c', 2500, 1, { brand: 'المراعي' }),
          cartLine('d', 10000, 1.5, { brand: 'جهينة' }),
        ],
        rulesWith([promo]),
      ),
    );
    expect(amounts(r)).toEqual({ a: 1000, b: 300, c: 0, d: 750 });
  });

  it('اشتري 2 والثالث مجانًا: the cheapest of each set of three is free', () => {
    const promo: Promotion = {
      ...base,
      id: 'b2g1',
      name: 'اشتري 2 والثالث مجانًا',
      kind: 'buy-x-get-y',
      buy: { categoryIds: ['tshirts'] },
      buyQuantity: 2,
      getQuantity: 1,
      percent: 100,
    };
    const cat = { categoryId: 'tshirts' };
    const three = priceCart(cartInput([cartLine('a', 15000, 3, cat)], rulesWith([promo])));
    expect(three.totals.total).toBe(30000);
    expect(three.promotions[0].applications).toBe(1);
    // ranked 200,200,150 | 150,150,100 | 100 (left): free are one 150 and one 100
    const mixed = priceCart(
      cartInput(
        [cartLine('x', 20000, 2, cat), cartLine('y', 15000, 3, cat), cartLine('z', 10000, 2, cat)],
        rulesWith([promo]),
      ),
    );
    expect(amounts(mixed)).toEqual({ x: 0, y: 15000, z: 10000 });
    expect(mixed.promotions[0].applications).toBe(2);
    // two units: no set
    expect(
      priceCart(cartInput([cartLine('a', 15000, 2, cat)], rulesWith([promo]))).promotions,
    ).toEqual([]);
  });

  it('buy a phone, get its cover at half price (other items, the cheapest cover)', () => {
    const promo: Promotion = {
      ...base,
      id: 'phone-cover',
      name: 'جراب بنصف السعر مع الموبايل',
      kind: 'buy-x-get-y',
      buy: { categoryIds: ['phones'] },
      buyQuantity: 1,
      get: { categoryIds: ['covers'] },
      getQuantity: 1,
      percent: 50,
      maxApplications: 1,
    };
    const r = priceCart(
      cartInput(
        [
          cartLine('phone', 900000, 1, { categoryId: 'phones' }),
          cartLine('c1', 15000, 1, { categoryId: 'covers' }),
          cartLine('c2', 9000, 2, { categoryId: 'covers' }),
        ],
        rulesWith([promo]),
      ),
    );
    expect(amounts(r)).toEqual({ phone: 0, c1: 0, c2: 4500 });
    // no phone, no half price
    expect(
      priceCart(cartInput([cartLine('c1', 15000, 1, { categoryId: 'covers' })], rulesWith([promo])))
        .promotions,
    ).toEqual([]);
  });

  it('3 for 100 EGP: dearest units first, the saving spread over the set exactly', () => {
    const promo: Promotion = {
      ...base,
      id: '3for100',
      name: '3 بـ 100 جنيه',
      kind: 'set-price',
      target: { productIds: ['soap'] },
      quantity: 3,
      price: 10000,
    };
    const soap = { productId: 'soap' };
    const one = priceCart(cartInput([cartLine('a', 4000, 4, soap)], rulesWith([promo])));
    expect(one.totals.total).toBe(10000 + 4000);
    // a set across lines: 45 + 40 + 35 = 120 → 100; 20 EGP spread by price
    const across = priceCart(
      cartInput(
        [cartLine('a', 4500, 1, soap), cartLine('b', 4000, 1, soap), cartLine('c', 3500, 1, soap)],
        rulesWith([promo]),
      ),
    );
    expect(across.totals.total).toBe(10000);
    expect(amounts(across)).toEqual({ a: 750, b: 667, c: 583 });
    // a set cheaper than 100 is left alone
    expect(
      priceCart(cartInput([cartLine('a', 3000, 3, soap)], rulesWith([promo]))).promotions,
    ).toEqual([]);
  });

  it('spend 1,000 EGP, get 100 off; or 10% up to 150 EGP', () => {
    const amount: Promotion = {
      ...base,
      id: 'spend1000',
      name: 'اشتري بـ 1000 ووفر 100',
      kind: 'spend',
      minSpend: 100000,
      off: { amount: 10000 },
    };
    const lines = [cartLine('a', 60000), cartLine('b', 30000), cartLine('c', 10000)];
    const r = priceCart(cartInput(lines, rulesWith([amount])));
    expect(amounts(r)).toEqual({ a: 6000, b: 3000, c: 1000 });
    expect(r.promotions[0].level).toBe('cart');
    expect(priceCart(cartInput(lines.slice(0, 2), rulesWith([amount]))).promotions).toEqual([]);
    const percent: Promotion = { ...amount, id: 'p10', off: { percent: 10 }, maxDiscount: 15000 };
    const big = priceCart(cartInput([cartLine('a', 300000)], rulesWith([percent])));
    expect(big.totals.discount).toBe(15000);
  });

  it('counts the spend after line promotions and keeps one competing spend promotion', () => {
    const item: Promotion = {
      ...base,
      id: 'i20',
      name: '20%',
      kind: 'item-discount',
      target: {},
      off: { percent: 20 },
    };
    const spend = (id: string, off: number, stackable = false): Promotion => ({
      ...base,
      id,
      name: id,
      kind: 'spend',
      minSpend: 100000,
      off: { amount: off },
      stackable,
    });
    const lines = [cartLine('a', 110000)];
    // 1,100 − 20% = 880 < 1,000
    expect(priceCart(cartInput(lines, rulesWith([item, spend('s', 5000)]))).totals.total).toBe(
      88000,
    );
    // 1,300 − 20% = 1,040 ≥ 1,000: the spend promotion applies on top of the line promotion
    const after = priceCart(
      cartInput([cartLine('a', 130000)], rulesWith([item, spend('s', 5000)])),
    );
    expect(after.promotions.map((p) => [p.promotionId, p.amount])).toEqual([
      ['i20', 26000],
      ['s', 5000],
    ]);
    const two = priceCart(
      cartInput(
        [cartLine('a', 200000)],
        rulesWith([spend('s1', 5000), spend('s2', 7000), spend('s3', 1000, true)]),
      ),
    );
    expect(two.promotions.map((p) => p.promotionId)).toEqual(['s2', 's3']);
    expect(two.totals.total).toBe(200000 - 7000 - 1000);
  });

  it('agrees with computeSale: the result is sale-math input', () => {
    const promo: Promotion = {
      ...base,
      id: 'x',
      name: 'x',
      kind: 'item-discount',
      target: {},
      off: { percent: 12.5 },
    };
    const r = priceCart(
      cartInput(
        [cartLine('a', 1999, 1.234), cartLine('b', 777, 3, { vatRate: 0 })],
        rulesWith([promo]),
      ),
    );
    const { lines, invoiceDiscount } = toSaleMathInput(r);
    const sale = computeSale(lines, invoiceDiscount);
    expect(sale.total).toBe(r.totals.total);
    expect(sale.vatTotal).toBe(r.totals.vatTotal);
    expect(sale.lines.map((l) => l.discount)).toEqual(r.lines.map((l) => l.discount));
  });

  it('runs a coupon promotion only with one of its codes, counted once for the smallest code', () => {
    const promo: Promotion = {
      ...base,
      id: 'welcome',
      name: 'كوبون ترحيب',
      kind: 'item-discount',
      coupon: true,
      target: {},
      off: { amount: 500 },
    };
    const lines = [cartLine('a', 2000, 1), cartLine('b', 300, 2)];
    const bare = priceCart(cartInput(lines, rulesWith([promo])));
    expect(bare.promotions).toEqual([]);
    expect(bare.coupons).toEqual([]);
    const r = priceCart(
      cartInput(lines, rulesWith([promo]), {
        coupons: [
          { code: 'WELCOME-B', promotionId: 'welcome' },
          { code: 'WELCOME-A', promotionId: 'welcome' },
          { code: 'WELCOME-A', promotionId: 'welcome' },
          { code: 'OTHER', promotionId: 'nothing' },
        ],
      }),
    );
    expect(amounts(r)).toEqual({ a: 500, b: 600 });
    expect(r.coupons).toEqual([
      { code: 'OTHER', promotionId: 'nothing', amount: 0 },
      { code: 'WELCOME-A', promotionId: 'welcome', amount: 1100 },
      { code: 'WELCOME-B', promotionId: 'welcome', amount: 0 },
    ]);
  });
});
