import 'reflect-metadata';
import {
  PriceListCreateDto,
  PriceListItemDto,
  PromotionCreateDto,
  PromotionUpdateDto,
  type PromotionRowDto,
} from '@pos/contracts';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import {
  numberOf,
  priceItemBody,
  priceListBody,
  priceListFormOf,
  priceListIssues,
  promotionBody,
  promotionFormOf,
  promotionIssues,
  type PromotionForm,
} from './ruleForms';

/** The fields the DTO class refuses (nested paths joined with dots). */
function refused(dto: new () => object, body: object): string[] {
  const out: string[] = [];
  const walk = (errors: ReturnType<typeof validateSync>, prefix: string) => {
    for (const e of errors) {
      const path = prefix ? `${prefix}.${e.property}` : e.property;
      if (e.constraints) out.push(path);
      walk(e.children ?? [], path);
    }
  };
  walk(
    validateSync(plainToInstance(dto, body), { whitelist: true, forbidNonWhitelisted: true }),
    '',
  );
  return out;
}

const form = (patch: Partial<PromotionForm>): PromotionForm => ({
  ...promotionFormOf(null),
  name: 'عرض',
  ...patch,
});

describe('numberOf', () => {
  it('reads digits (Arabic-Indic too), leaves empty undefined and anything else NaN', () => {
    expect(numberOf(' 12 ')).toBe(12);
    expect(numberOf('٢٫٥'.replace('٫', '.'))).toBe(2.5);
    expect(numberOf('-3')).toBe(-3);
    expect(numberOf('')).toBeUndefined();
    expect(numberOf('abc')).toBeNaN();
    expect(numberOf('1e3')).toBeNaN();
  });
});

describe('price list form → PriceListCreateDto', () => {
  it('sends a wholesale list with its days and scope, and passes the DTO', () => {
    const body = priceListBody(
      {
        ...priceListFormOf(null),
        name: '  جملة  ',
        validFrom: '2026-12-01',
        validTo: '2026-12-31',
        customerGroupIds: ['0190f0c8-3c6c-7000-8000-000000000001'],
      },
      false,
    );
    expect(body).toEqual({
      name: 'جملة',
      kind: 'wholesale',
      priority: 0,
      active: true,
      validFrom: '2026-12-01',
      validTo: '2026-12-31',
      branchIds: [],
      customerGroupIds: ['0190f0c8-3c6c-7000-8000-000000000001'],
    });
    expect(refused(PriceListCreateDto, body)).toEqual([]);
  });

  it('leaves empty days out of a new list and clears them (null) on an edit', () => {
    const v = { ...priceListFormOf(null), name: 'x' };
    expect(priceListBody(v, false)).not.toHaveProperty('validFrom');
    expect(priceListBody(v, true)).toMatchObject({ validFrom: null, validTo: null });
  });

  it('refuses a priority in letters or below zero by the DTO', () => {
    const v = { ...priceListFormOf(null), name: 'x' };
    expect(refused(PriceListCreateDto, priceListBody({ ...v, priority: 'abc' }, false))).toEqual([
      'priority',
    ]);
    expect(refused(PriceListCreateDto, priceListBody({ ...v, priority: '-1' }, false))).toEqual([
      'priority',
    ]);
  });

  it('says an end before the start, and a branch or group list without its scope', () => {
    const v = { ...priceListFormOf(null), name: 'x' };
    expect(priceListIssues({ ...v, validFrom: '2026-12-10', validTo: '2026-12-01' })).toEqual([
      { field: 'validTo', message: 'validation.pricing.dateOrder' },
    ]);
    expect(priceListIssues({ ...v, validFrom: '2026-12-10', validTo: '2026-12-10' })).toEqual([]);
    expect(priceListIssues({ ...v, kind: 'branch' })).toEqual([
      { field: 'branchIds', message: 'validation.pricing.required' },
    ]);
    expect(priceListIssues({ ...v, kind: 'group' })).toEqual([
      { field: 'customerGroupIds', message: 'validation.pricing.required' },
    ]);
  });
});

describe('a price and its breaks → PriceListItemDto', () => {
  const variantId = '0190f0c8-3c6c-7000-8000-000000000002';
  it('sends piasters and quantities, empty break rows left out', () => {
    const body = priceItemBody(variantId, 1000, [
      { minQuantity: '12', unitPrice: 900 },
      { minQuantity: '', unitPrice: null },
    ]);
    expect(body).toEqual({
      variantId,
      unitPrice: 1000,
      breaks: [{ minQuantity: 12, unitPrice: 900 }],
    });
    expect(refused(PriceListItemDto, body)).toEqual([]);
  });

  it('refuses a missing price, a letter quantity and a negative one by their fields', () => {
    expect(
      refused(
        PriceListItemDto,
        priceItemBody('', null, [
          { minQuantity: 'x', unitPrice: 5 },
          { minQuantity: '-2', unitPrice: 5 },
        ]),
      ).sort(),
    ).toEqual(['breaks.0.minQuantity', 'breaks.1.minQuantity', 'unitPrice', 'variantId']);
  });
});

describe('promotion form → PromotionCreateDto', () => {
  it('buy 2 get 1 free on the same items: only the kind fields, percent 100', () => {
    const body = promotionBody(form({ kind: 'buy-x-get-y' }), false);
    expect(body).toEqual({
      name: 'عرض',
      kind: 'buy-x-get-y',
      priority: 0,
      active: true,
      exclusive: false,
      stackable: false,
      coupon: false,
      branchIds: [],
      customerGroupIds: [],
      buy: {},
      buyQuantity: 2,
      getQuantity: 1,
      percent: 100,
    });
    expect(refused(PromotionCreateDto, body)).toEqual([]);
    expect(promotionIssues(form({ kind: 'buy-x-get-y' }))).toEqual([]);
  });

  it('an item discount: percent or amount, the target lists given', () => {
    const target = {
      variants: [{ id: '0190f0c8-3c6c-7000-8000-000000000003', name: 'شاي' }],
      categoryIds: [],
      brands: 'Lipton، العروسة ,',
    };
    const percent = promotionBody(form({ target, offPercent: '15' }), false);
    expect(percent).toMatchObject({
      kind: 'item-discount',
      target: {
        variantIds: ['0190f0c8-3c6c-7000-8000-000000000003'],
        brands: ['Lipton', 'العروسة'],
      },
      off: { percent: 15 },
    });
    expect(refused(PromotionCreateDto, percent)).toEqual([]);
    const amount = promotionBody(form({ offType: 'amount', offAmount: 250 }), false);
    expect(amount.off).toEqual({ amount: 250 });
    expect(amount.target).toEqual({});
  });

  it('a window: its days, sorted weekdays and hours; none on a new one, null on an edit', () => {
    const v = form({
      offPercent: '10',
      windowFrom: '2026-03-01',
      windowTo: '2026-03-30',
      weekdays: [5, 4],
      hours: [{ from: '20:00', to: '03:00' }],
    });
    expect(promotionBody(v, false).window).toEqual({
      from: '2026-03-01',
      to: '2026-03-30',
      weekdays: [4, 5],
      hours: [{ from: '20:00', to: '03:00' }],
    });
    expect(promotionBody(form({ offPercent: '10' }), false)).not.toHaveProperty('window');
    const edit = promotionBody(form({ offPercent: '10' }), true);
    expect(edit.window).toBeNull();
    expect(refused(PromotionUpdateDto, edit)).toEqual([]);
  });

  it('set price and spend: their own fields only', () => {
    expect(
      promotionBody(form({ kind: 'set-price', quantity: '3', price: 10000 }), false),
    ).toMatchObject({ kind: 'set-price', target: {}, quantity: 3, price: 10000 });
    const spend = promotionBody(
      form({ kind: 'spend', minSpend: 50000, offPercent: '10', maxDiscount: 5000 }),
      false,
    );
    expect(spend).toMatchObject({ minSpend: 50000, off: { percent: 10 }, maxDiscount: 5000 });
    expect(spend).not.toHaveProperty('target');
    expect(spend).not.toHaveProperty('buyQuantity');
    expect(refused(PromotionCreateDto, spend)).toEqual([]);
  });

  it('names the empty required fields, an end before the start and a half hour window', () => {
    expect(promotionIssues(form({})).map((i) => i.field)).toEqual(['off.percent']);
    expect(
      promotionIssues(form({ kind: 'buy-x-get-y', buyQuantity: '', getFree: false })).map(
        (i) => i.field,
      ),
    ).toEqual(['buyQuantity', 'percent']);
    expect(promotionIssues(form({ kind: 'set-price' })).map((i) => i.field)).toEqual([
      'quantity',
      'price',
    ]);
    expect(
      promotionIssues(
        form({
          kind: 'spend',
          minSpend: 100,
          offPercent: '5',
          windowFrom: '2026-12-10',
          windowTo: '2026-12-01',
          hours: [{ from: '10:00', to: '' }],
        }),
      ),
    ).toEqual([
      { field: 'window.to', message: 'validation.pricing.dateOrder' },
      { field: 'window.hours.0.to', message: 'validation.pricing.required' },
    ]);
  });

  it('refuses letters and negative counts by the DTO', () => {
    const body = promotionBody(
      form({ kind: 'buy-x-get-y', buyQuantity: 'ab', getQuantity: '-1' }),
      false,
    );
    expect(refused(PromotionCreateDto, body).sort()).toEqual(['buyQuantity', 'getQuantity']);
  });

  it('reads a saved promotion back into the form', () => {
    const row = {
      id: 'p1',
      name: 'رمضان',
      kind: 'buy-x-get-y',
      priority: 5,
      active: true,
      exclusive: true,
      stackable: false,
      coupon: false,
      branchIds: [],
      customerGroupIds: [],
      buy: { variantIds: ['v1'] },
      buyQuantity: 2,
      getQuantity: 1,
      percent: 50,
      window: { weekdays: [5] },
      createdAt: '',
      updatedAt: '',
    } as PromotionRowDto;
    const v = promotionFormOf(row, (n) => `#${n}`);
    expect(v).toMatchObject({
      priority: '5',
      exclusive: true,
      buy: { variants: [{ id: 'v1', name: '#1' }] },
      buyQuantity: '2',
      getFree: false,
      percent: '50',
      weekdays: [5],
    });
    expect(promotionBody(v, true)).toMatchObject({
      buy: { variantIds: ['v1'] },
      percent: 50,
      get: null,
      maxApplications: null,
      window: { weekdays: [5] },
    });
  });
});
