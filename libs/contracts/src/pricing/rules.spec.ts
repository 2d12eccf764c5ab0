import { priceCart } from './engine';
import { cartInput, cartLine, rulesWith } from './testing';
import { localTime, PricingError } from './time';
import { checkPricingRules } from './validate';
import type { PriceList, PricedCart, PricingRules, Promotion } from './types';

const amounts = (r: PricedCart) => Object.fromEntries(r.lines.map((l) => [l.key, l.discount]));
const pct = (id: string, percent: number, extra: Partial<Promotion> = {}): Promotion =>
  ({
    id,
    name: id,
    active: true,
    priority: 10,
    kind: 'item-discount',
    target: {},
    off: { percent },
    ...extra,
  }) as Promotion;

describe('priceCart: price lists', () => {
  const wholesale: PriceList = {
    id: 'wholesale',
    name: 'جملة التجار',
    kind: 'wholesale',
    priority: 10,
    active: true,
    scope: { customerGroupIds: ['traders'] },
    items: [
      { variantId: 'v-rice', unitPrice: 3000, breaks: [{ minQuantity: 10, unitPrice: 2800 }] },
      { variantId: 'v-oil', unitPrice: 7000 },
    ],
  };
  const rice = cartLine('rice', 3500, 6);
  const rice2 = cartLine('rice2', 3500, 4, { variantId: 'v-rice' });
  const oil = cartLine('oil', 8000, 1);
  const sugar = cartLine('sugar', 2500, 1);
  const rules: PricingRules = { priceLists: [wholesale], promotions: [] };

  it('gives a trader group its wholesale list, with breaks over all the variant’s lines', () => {
    const r = priceCart(cartInput([rice, oil, sugar], rules, { customerGroupId: 'traders' }));
    expect(r.lines.map((l) => [l.key, l.unitPrice, l.priceListId])).toEqual([
      ['rice', 3000, 'wholesale'],
      ['oil', 7000, 'wholesale'],
      ['sugar', 2500, null],
    ]);
    const broken = priceCart(cartInput([rice, rice2], rules, { customerGroupId: 'traders' }));
    expect(broken.lines.map((l) => l.unitPrice)).toEqual([2800, 2800]);
    expect(broken.totals.listTotal).toBe(35000);
  });

  it('gives others the retail price unless a cashier picks the list', () => {
    expect(priceCart(cartInput([rice], rules)).lines[0].unitPrice).toBe(3500);
    const unscoped = { ...wholesale, scope: undefined };
    const r2: PricingRules = { priceLists: [unscoped], promotions: [] };
    expect(
      priceCart(cartInput([rice], r2, { customerGroupId: 'traders' })).lines[0].unitPrice,
    ).toBe(3500);
    expect(priceCart(cartInput([rice], r2, { priceListId: 'wholesale' })).lines[0]).toMatchObject({
      unitPrice: 3000,
      priceListId: 'wholesale',
    });
  });

  it('honours validity days, branch scope, priority, then the lower price', () => {
    const branch: PriceList = {
      id: 'alex',
      name: 'فرع الإسكندرية',
      kind: 'branch',
      priority: 5,
      active: true,
      scope: { branchIds: ['alex'] },
      valid: { from: '2026-12-01', to: '2026-12-31' },
      items: [{ variantId: 'v-rice', unitPrice: 3300 }],
    };
    const cheaper = { ...branch, id: 'alex-b', items: [{ variantId: 'v-rice', unitPrice: 3200 }] };
    const higher = {
      ...branch,
      id: 'alex-c',
      priority: 6,
      items: [{ variantId: 'v-rice', unitPrice: 3400 }],
    };
    const at = (priceLists: PriceList[], extra = {}) =>
      priceCart(cartInput([rice], { priceLists, promotions: [] }, { branchId: 'alex', ...extra }))
        .lines[0];
    expect(at([branch]).unitPrice).toBe(3300);
    expect(at([branch], { branchId: 'cairo' }).unitPrice).toBe(3500);
    expect(at([branch], { now: '2027-01-01T10:00:00Z' }).unitPrice).toBe(3500);
    // midnight in Cairo (UTC+2 in December) is already January 1st
    expect(at([branch], { now: '2026-12-31T22:30:00Z' }).unitPrice).toBe(3500);
    expect(at([branch, cheaper]).priceListId).toBe('alex-b');
    expect(at([branch, cheaper, higher]).priceListId).toBe('alex-c');
    expect(at([{ ...branch, active: false }]).priceListId).toBeNull();
  });
});

describe('priceCart: time windows and scope', () => {
  const ramadan = pct('ramadan', 15, {
    name: 'عروض رمضان بعد الإفطار',
    window: { from: '2027-02-08', to: '2027-03-09', hours: [{ from: '20:00', to: '03:00' }] },
  });
  const at = (now: string, promo: Promotion) =>
    priceCart(cartInput([cartLine('a', 10000)], rulesWith([promo]), { now })).totals.discount;

  it('runs a Ramadan offer from 20:00 to 03:00 Cairo time', () => {
    expect(at('2027-02-15T19:00:00Z', ramadan)).toBe(1500); // 21:00 Cairo
    expect(at('2027-02-15T23:30:00Z', ramadan)).toBe(1500); // 01:30 Cairo
    expect(at('2027-02-16T01:00:00Z', ramadan)).toBe(0); // 03:00 Cairo, the end is exclusive
    expect(at('2027-02-15T12:00:00Z', ramadan)).toBe(0); // 14:00 Cairo
    expect(at('2027-03-10T19:00:00Z', ramadan)).toBe(0); // after Ramadan
  });

  it('runs White Friday over its local days, in summer time too', () => {
    const white = pct('white', 20, { window: { from: '2026-11-20', to: '2026-11-29' } });
    expect(at('2026-11-19T22:30:00Z', white)).toBe(2000); // 00:30 Cairo on the 20th
    expect(at('2026-11-19T21:30:00Z', white)).toBe(0); // 23:30 Cairo on the 19th
    expect(at('2026-11-29T21:59:00Z', white)).toBe(2000);
    const summer = pct('summer', 20, { window: { from: '2026-07-02', to: '2026-07-02' } });
    expect(at('2026-07-01T21:30:00Z', summer)).toBe(2000); // UTC+3: 00:30 on the 2nd
    expect(localTime('2026-07-01T21:30:00Z', 'Africa/Cairo')).toEqual({
      date: '2026-07-02',
      weekday: 4,
      minutes: 30,
    });
  });

  it('runs a weekday offer on its local weekday only', () => {
    const friday = pct('fri', 5, { window: { weekdays: [5] } });
    expect(at('2026-12-04T10:00:00Z', friday)).toBe(500); // Friday
    expect(at('2026-12-05T10:00:00Z', friday)).toBe(0);
  });

  it('limits a promotion to its branches and customer groups', () => {
    const vip = pct('vip', 10, { scope: { branchIds: ['b1'], customerGroupIds: ['vip'] } });
    const run = (extra: object) =>
      priceCart(cartInput([cartLine('a', 10000)], rulesWith([vip]), extra)).totals.discount;
    expect(run({ customerGroupId: 'vip' })).toBe(1000);
    expect(run({})).toBe(0);
    expect(run({ customerGroupId: 'vip', branchId: 'b2' })).toBe(0);
  });
});

describe('priceCart: competing promotions', () => {
  const lines = [cartLine('a', 10000, 3, { categoryId: 'c' })];

  it('applies the higher priority tier first, then the best for the customer, ties by id', () => {
    const high = pct('high', 5, { priority: 20 });
    const low = pct('low', 50, { priority: 10 });
    expect(
      priceCart(cartInput(lines, rulesWith([low, high]))).promotions.map((p) => p.promotionId),
    ).toEqual(['high']);
    const best = priceCart(cartInput(lines, rulesWith([pct('z', 20), pct('y', 30)])));
    expect(best.promotions.map((p) => p.promotionId)).toEqual(['y']);
    const tie = priceCart(cartInput(lines, rulesWith([pct('b', 20), pct('a', 20)])));
    expect(tie.promotions.map((p) => p.promotionId)).toEqual(['a']);
  });

  it('gives a unit one competing promotion: buy 2 get 1 on six units, 10% on the seventh', () => {
    const b2g1: Promotion = {
      id: 'b2g1',
      name: 'اشتري 2 والثالث مجانًا',
      active: true,
      priority: 10,
      kind: 'buy-x-get-y',
      buy: {},
      buyQuantity: 2,
      getQuantity: 1,
      percent: 100,
    };
    const r = priceCart(cartInput([cartLine('a', 10000, 7)], rulesWith([pct('p10', 10), b2g1])));
    expect(r.promotions.map((p) => [p.promotionId, p.amount])).toEqual([
      ['b2g1', 20000],
      ['p10', 1000],
    ]);
  });

  it('stacks a stackable promotion on what is left', () => {
    const member = pct('member', 5, { stackable: true, priority: 1 });
    const r = priceCart(cartInput([cartLine('a', 10000)], rulesWith([pct('p10', 10), member])));
    expect(r.totals.discount).toBe(1000 + 450);
    expect(r.lines[0].allocations).toEqual([
      { promotionId: 'p10', amount: 1000 },
      { promotionId: 'member', amount: 450 },
    ]);
  });

  it('keeps an exclusive promotion alone on its lines', () => {
    const excl = pct('excl', 10, {
      exclusive: true,
      priority: 20,
      target: { variantIds: ['v-a'] },
    });
    const member = pct('member', 5, { stackable: true, priority: 1 });
    const r = priceCart(
      cartInput([cartLine('a', 10000), cartLine('b', 10000)], rulesWith([excl, member])),
    );
    expect(amounts(r)).toEqual({ a: 1000, b: 500 });
    // a lower-tier exclusive promotion cannot take a line another promotion touched
    const late = pct('late', 50, { exclusive: true, priority: 1 });
    const r2 = priceCart(
      cartInput(
        [cartLine('a', 10000), cartLine('b', 10000)],
        rulesWith([pct('first', 10, { target: { variantIds: ['v-a'] } }), late]),
      ),
    );
    expect(amounts(r2)).toEqual({ a: 1000, b: 5000 });
  });
});

describe('priceCart: input and rule checks', () => {
  it('prices with rules replaced or added to, not a stale index', () => {
    const rules = rulesWith([pct('a', 10)]);
    const lines = [cartLine('x', 10000)];
    expect(priceCart(cartInput(lines, rules)).totals.discount).toBe(1000);
    rules.promotions.push(pct('b', 30));
    expect(priceCart(cartInput(lines, rules)).totals.discount).toBe(3000);
    rules.promotions = [pct('c', 20)];
    expect(priceCart(cartInput(lines, rules)).totals.discount).toBe(2000);
  });

  it('refuses duplicate keys and impossible quantities', () => {
    expect(() => priceCart(cartInput([cartLine('a', 1), cartLine('a', 1)], rulesWith([])))).toThrow(
      PricingError,
    );
    expect(() => priceCart(cartInput([cartLine('a', 1, 0.0001)], rulesWith([])))).toThrow(
      PricingError,
    );
    expect(() => priceCart(cartInput([cartLine('a', 1, 0)], rulesWith([])))).toThrow(PricingError);
    expect(() =>
      priceCart(
        cartInput([cartLine('a', 1)], rulesWith([pct('w', 1, { window: { weekdays: [1] } })]), {
          timeZone: 'Mars/Base',
        }),
      ),
    ).toThrow(PricingError);
  });

  it('names every field out of bounds', () => {
    const issues = checkPricingRules({
      priceLists: [
        {
          id: 'l',
          name: 'l',
          kind: 'retail',
          priority: 1,
          active: true,
          items: [{ variantId: 'v', unitPrice: -1 }],
        },
      ],
      promotions: [
        pct('p', 0),
        pct('p', 10, { window: { from: '2026-13-01', hours: [{ from: '25:00', to: '02:00' }] } }),
        {
          id: 's',
          name: 's',
          active: true,
          priority: 1,
          kind: 'set-price',
          target: {},
          quantity: 1,
          price: 100,
        },
        {
          id: 'b',
          name: 'b',
          active: true,
          priority: 1,
          kind: 'buy-x-get-y',
          buy: {},
          buyQuantity: 0,
          getQuantity: 1,
          percent: 100,
          stackable: true,
        },
      ],
    });
    expect(issues.map((i) => i.field)).toEqual([
      'promotions.1.id',
      'priceLists.0.items.0.unitPrice',
      'promotions.0.off',
      'promotions.1.window.from',
      'promotions.1.window.hours.0',
      'promotions.2.quantity',
      'promotions.3.stackable',
      'promotions.3.buyQuantity',
    ]);
    expect(checkPricingRules(rulesWith([pct('ok', 12.5)]))).toEqual([]);
  });
});
