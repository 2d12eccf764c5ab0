import {
  addQuantities,
  addVariant,
  applyOnHand,
  availableOf,
  cartProblems,
  creditProblem,
  cartTotals,
  newCart,
  paymentSummary,
  removeLine,
  returnableQuantity,
  setLineLot,
  setLineSerials,
  toCreateSaleDto,
  updateLine,
} from '../../../shared/lib/cart';
import { park, readParked, unpark, writeParked } from './parked';
import {
  DEFAULT_SCALE_CONFIG,
  itemCodeMatches,
  parseScaleBarcode,
  scaleQuantity,
  validScaleConfig,
} from './scale';
import { variant } from './fixtures';

// What the cart is checked against: everything allowed, or nothing.
const lax = { maxDiscountPercent: 100, canBypassMaxDiscount: true, allowNegativeStock: true };
const strict = { maxDiscountPercent: 0, canBypassMaxDiscount: false, allowNegativeStock: false };

const methods = [
  { id: 'cash', type: 'cash' as const },
  { id: 'card', type: 'card' as const },
];

describe('cart', () => {
  it('a serial product: scanned units join its line, it is not paid short of serials, the sale carries them', () => {
    const phone = { ...variant('p', 500_000), tracking: 'serial' as const, imeiCount: 1 };
    let cart = addVariant(newCart('s1'), phone, 1, null, 'IMEI-A');
    cart = addVariant(cart, phone, 1, null, 'IMEI-B');
    // the same unit scanned again is not a second unit
    cart = addVariant(cart, phone, 1, null, 'IMEI-B');
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ serials: ['IMEI-A', 'IMEI-B'], quantity: 2 });
    expect(cartProblems(cart, cartTotals(cart), lax)).toEqual([]);
    // by its barcode: one more unit wanted, none given
    cart = addVariant(cart, phone);
    expect(cartProblems(cart, cartTotals(cart), lax)).toEqual([
      { code: 'SERIALS_MISSING', variantId: 'p' },
    ]);
    cart = setLineSerials(cart, 'p', ['IMEI-A', 'IMEI-B', 'IMEI-C']);
    expect(cart.lines[0].quantity).toBe(3);
    expect(cartProblems(cart, cartTotals(cart), lax)).toEqual([]);
    const dto = toCreateSaleDto(cart, [{ methodId: 'cash', amount: 1 }], null, 1);
    expect(dto.lines[0].serials).toEqual(['IMEI-A', 'IMEI-B', 'IMEI-C']);
    // a batch line sends the cashier's lot only when one was chosen
    const milk = { ...variant('m', 1000), tracking: 'batch' as const };
    let milkCart = addVariant(newCart('s2'), milk, 2);
    expect(toCreateSaleDto(milkCart, [], null, 0).lines[0]).not.toHaveProperty('lot');
    milkCart = setLineLot(milkCart, 'm', 'L-2');
    expect(toCreateSaleDto(milkCart, [], null, 0).lines[0].lot).toBe('L-2');
  });

  it('adds a line, then +1 on the same variant, newest on top', () => {
    let cart = newCart('s1');
    cart = addVariant(cart, variant('1', 1000));
    cart = addVariant(cart, variant('2', 2550));
    cart = addVariant(cart, variant('1', 1000));
    expect(cart.lines.map((l) => [l.variantId, l.quantity])).toEqual([
      ['1', 2],
      ['2', 1],
    ]);
  });

  it('adds fractional quantities without float drift', () => {
    expect(addQuantities(0.1, 0.2)).toBe(0.3);
    let cart = addVariant(newCart('s'), variant('1', 1000), 0.125);
    cart = addVariant(cart, variant('1', 1000), 0.375);
    expect(cart.lines[0].quantity).toBe(0.5);
  });

  it('totals: line discounts, invoice discount spread, VAT included per line', () => {
    let cart = newCart('s');
    cart = addVariant(cart, variant('1', 11400), 2); // 228.00
    cart = addVariant(cart, variant('2', 5700), 1); // 57.00
    cart = updateLine(cart, '2', { discount: 700 }); // 50.00
    cart = { ...cart, invoiceDiscount: 1000 };
    const totals = cartTotals(cart);
    expect(totals.subtotal).toBe(28500);
    expect(totals.lineDiscountTotal).toBe(700);
    expect(totals.total).toBe(28500 - 700 - 1000);
    expect(totals.lines.reduce((s, l) => s + l.invoiceDiscountShare, 0)).toBe(1000);
    // VAT is extracted from each line total (prices include 14 %)
    expect(totals.vatTotal).toBe(
      totals.lines.reduce((s, l) => s + Math.floor((l.lineTotal * 14 * 2 + 114) / 228), 0),
    );
    expect(totals.itemCount).toBe(3);
  });

  it('weighed quantity × price rounds up to the piaster (never below the exact amount)', () => {
    const cart = addVariant(newCart('s'), variant('1', 999, { unit: 'kg' }), 1.255);
    expect(cartTotals(cart).total).toBe(1254); // 1253.745 → 1254
    const tiny = addVariant(newCart('t'), variant('2', 1300, { unit: 'kg' }), 0.001);
    expect(cartTotals(tiny).total).toBe(2); // 1.3 → 2
  });

  it('takes whole quantities of counted goods only', () => {
    const rules = lax;
    const piece = addVariant(newCart('p'), variant('1', 1300), 0.5);
    expect(cartProblems(piece, cartTotals(piece), rules)).toEqual([
      { code: 'BAD_QUANTITY', variantId: '1' },
    ]);
    const kg = addVariant(newCart('k'), variant('1', 1300, { unit: 'kg' }), 0.5);
    expect(cartProblems(kg, cartTotals(kg), rules)).toEqual([]);
  });

  it('reports a discount larger than the line', () => {
    const cart = updateLine(addVariant(newCart('s'), variant('1', 1000)), '1', { discount: 1001 });
    const totals = cartTotals(cart);
    expect(totals.error).toBe('DISCOUNT_TOO_LARGE');
    expect(cartProblems(cart, totals, lax)).toEqual([{ code: 'DISCOUNT_TOO_LARGE' }]);
  });

  it('enforces max discount %, min price and stock unless allowed', () => {
    let cart = addVariant(newCart('s'), variant('1', 10000, { onHand: 1 }), 2);
    cart = updateLine(cart, '1', { unitPrice: 4000 });
    const totals = cartTotals(cart);
    const refused = cartProblems(cart, totals, { ...strict, maxDiscountPercent: 5 });
    expect(refused.map((p) => p.code).sort()).toEqual([
      'BELOW_MIN_PRICE',
      'INSUFFICIENT_STOCK',
      'MAX_DISCOUNT_EXCEEDED',
    ]);
    expect(cartProblems(cart, totals, { ...lax, maxDiscountPercent: 5 })).toEqual([]);
    expect(cartProblems(newCart('e'), cartTotals(newCart('e')), strict)).toEqual([
      { code: 'EMPTY' },
    ]);
  });

  it('live on hand updates the line', () => {
    const cart = addVariant(newCart('s'), variant('1', 1000));
    expect(applyOnHand(cart, '1', 3).lines[0].onHand).toBe(3);
    expect(applyOnHand(cart, '9', 3)).toBe(cart);
    // A transfer approved elsewhere reserves stock: same on hand, less available.
    const reserved = applyOnHand(cart, '1', 10, 4);
    expect(reserved).not.toBe(cart);
    expect(availableOf(reserved.lines[0])).toBe(6);
    expect(applyOnHand(reserved, '1', 10, 4)).toBe(reserved);
  });

  it('checks the quantity against on hand − reserved, not on hand', () => {
    const rules = strict;
    // Weighed goods (fractions of them are sold).
    let cart = addVariant(
      newCart('s'),
      variant('1', 1000, { onHand: 5, reserved: 3.5, unit: 'kg' }),
      2,
    );
    expect(availableOf(cart.lines[0])).toBe(1.5);
    expect(cartProblems(cart, cartTotals(cart), rules)).toEqual([
      { code: 'INSUFFICIENT_STOCK', variantId: '1' },
    ]);
    // The inventory allows negative stock: nothing to refuse.
    expect(cartProblems(cart, cartTotals(cart), { ...rules, allowNegativeStock: true })).toEqual(
      [],
    );
    cart = updateLine(cart, '1', { quantity: 1.5 });
    expect(cartProblems(cart, cartTotals(cart), rules)).toEqual([]);
    // A later scan brings fresh figures (the reservation was shipped: on hand and reserved drop).
    cart = addVariant(cart, variant('1', 1000, { onHand: 2, reserved: 0, unit: 'kg' }), 1);
    expect(cart.lines[0]).toMatchObject({ quantity: 2.5, onHand: 2, reserved: 0 });
    expect(cartProblems(cart, cartTotals(cart), rules)).toEqual([
      { code: 'INSUFFICIENT_STOCK', variantId: '1' },
    ]);
    // A cart saved before `reserved` existed counts it as 0; unknown stock is never refused.
    expect(availableOf({ onHand: 4 })).toBe(4);
    expect(availableOf({ onHand: null, reserved: 2 })).toBeNull();
  });

  it('removes lines and builds the request with the same id (idempotency key)', () => {
    let cart = addVariant(newCart('sale-1'), variant('1', 1000));
    cart = addVariant(cart, variant('2', 2000));
    cart = updateLine(cart, '2', { unitPrice: 1800, discount: 100 });
    cart = {
      ...cart,
      invoiceDiscount: 50,
      customer: { id: 'c1', name: 'x', phone: null, balance: 0 },
      note: ' hi ',
    };
    const dto = toCreateSaleDto(
      cart,
      [
        { methodId: 'cash', amount: 5000 },
        { methodId: 'card', amount: 0 },
      ],
      'inv',
      2650,
    );
    expect(dto).toEqual({
      id: 'sale-1',
      inventoryId: 'inv',
      customerId: 'c1',
      invoiceDiscount: 50,
      note: 'hi',
      clientTotal: 2650,
      lines: [
        { variantId: '1', quantity: 1 },
        { variantId: '2', quantity: 1, unitPrice: 1800, discount: 100 },
      ],
      payments: [{ methodId: 'cash', amount: 5000 }],
    });
    expect(removeLine(cart, '1').lines.map((l) => l.variantId)).toEqual(['2']);
  });
});

describe('payments', () => {
  it('split cash + card with change from cash', () => {
    expect(
      paymentSummary(
        10000,
        [
          { methodId: 'card', amount: 6000 },
          { methodId: 'cash', amount: 5000 },
        ],
        methods,
      ),
    ).toEqual({
      paid: 11000,
      remaining: 0,
      changeDue: 1000,
      overpaid: false,
    });
  });
  it('non-cash may not exceed the total; an unpaid part remains', () => {
    expect(paymentSummary(10000, [{ methodId: 'card', amount: 12000 }], methods).overpaid).toBe(
      true,
    );
    expect(paymentSummary(10000, [{ methodId: 'cash', amount: 4000 }], methods)).toEqual({
      paid: 4000,
      remaining: 6000,
      changeDue: 0,
      overpaid: false,
    });
  });
  it('returnable quantity is sold minus returned', () => {
    expect(returnableQuantity(3, 1)).toBe(2);
    expect(returnableQuantity(1.2, 0.7)).toBe(0.5);
    expect(returnableQuantity(1, 2)).toBe(0);
  });
});

describe('scale barcodes', () => {
  it('reads item code and grams with the default layout', () => {
    expect(parseScaleBarcode('2123450125009')).toEqual({
      itemCode: '12345',
      mode: 'weight',
      value: 1250,
    });
    expect(scaleQuantity({ itemCode: '12345', mode: 'weight', value: 1250 }, 5000)).toBe(1.25);
  });
  it('ignores other codes and a zero weight', () => {
    expect(parseScaleBarcode('6221234567890')).toBeNull();
    expect(parseScaleBarcode('212345')).toBeNull();
    expect(parseScaleBarcode('2123450000009')).toBeNull();
    expect(
      parseScaleBarcode('2123450125009', { ...DEFAULT_SCALE_CONFIG, enabled: false }),
    ).toBeNull();
  });
  it('price labels give quantity = price / unit price', () => {
    const label = parseScaleBarcode('2123450250009', { ...DEFAULT_SCALE_CONFIG, mode: 'price' });
    expect(label).toEqual({ itemCode: '12345', mode: 'price', value: 2500 });
    expect(scaleQuantity(label!, 2000)).toBe(1.25);
    expect(scaleQuantity(label!, 0)).toBeNull();
  });
  it('matches item codes with or without leading zeros', () => {
    expect(itemCodeMatches('00123', '123')).toBe(true);
    expect(itemCodeMatches('00123', '00123')).toBe(true);
    expect(itemCodeMatches('00123', '1230')).toBe(false);
  });
  it('accepts only a layout that fits a 13-digit label (the rule the server applies too)', () => {
    expect(validScaleConfig(DEFAULT_SCALE_CONFIG)).toBe(true);
    expect(validScaleConfig({ ...DEFAULT_SCALE_CONFIG, prefix: 'x' })).toBe(false);
    expect(validScaleConfig({ ...DEFAULT_SCALE_CONFIG, itemLength: 6 })).toBe(false); // overlaps the weight
    expect(validScaleConfig({ ...DEFAULT_SCALE_CONFIG, prefix: '21' })).toBe(false); // item inside the prefix
  });
});

describe('parked carts', () => {
  it('parks, persists and resumes', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
    const cart = addVariant(newCart('a'), variant('1', 1000));
    const list = park([], cart, 'عميل 1');
    writeParked(storage, 'u1', list);
    const read = readParked(storage, 'u1');
    expect(read).toHaveLength(1);
    const { cart: resumed, rest } = unpark(read, 'a');
    expect(resumed?.lines[0].variantId).toBe('1');
    writeParked(storage, 'u1', rest);
    expect(data.size).toBe(0);
  });
});

describe('credit at the POS (issue 11)', () => {
  it('puts a due amount on account within a limit, or anywhere for a holder of can_grant_credit', () => {
    expect(creditProblem({ balance: 0, creditLimit: 0 }, 100, false)).toEqual({
      code: 'NEEDS_PERMISSION',
      available: 0,
    });
    expect(creditProblem({ balance: 0, creditLimit: 0 }, 100, true)).toBeNull();
    expect(creditProblem({ balance: 900, creditLimit: 1000 }, 100, false)).toBeNull();
    expect(creditProblem({ balance: 901, creditLimit: 1000 }, 100, false)).toEqual({
      code: 'LIMIT',
      available: 99,
    });
    expect(creditProblem({ balance: 5000, creditLimit: 1000 }, 0, false)).toBeNull();
  });
});

describe('credit at an offline till (issue 32)', () => {
  it('puts a due amount on account only within the cached limit: balance + due ≤ limit', () => {
    expect(creditProblem({ balance: 900, creditLimit: 1000 }, 100, false, true)).toBeNull();
    expect(creditProblem({ balance: 901, creditLimit: 1000 }, 100, false, true)).toEqual({
      code: 'OFFLINE_LIMIT',
      available: 99,
    });
    // whatever the user's permission: the server would only flag it
    expect(creditProblem({ balance: 901, creditLimit: 1000 }, 100, true, true)).toEqual({
      code: 'OFFLINE_LIMIT',
      available: 99,
    });
    // no limit, or an unknown one, is no credit offline
    expect(creditProblem({ balance: 0, creditLimit: 0 }, 1, true, true)).toEqual({
      code: 'OFFLINE_LIMIT',
      available: 0,
    });
    expect(creditProblem({ balance: 0 }, 1, true, true)).toEqual({
      code: 'OFFLINE_LIMIT',
      available: 0,
    });
    // a customer in credit (negative balance) may take it on account
    expect(creditProblem({ balance: -500, creditLimit: 0 }, 500, false, true)).toBeNull();
    // nothing due: nothing to check
    expect(creditProblem({ balance: 5000, creditLimit: 1000 }, 0, false, true)).toBeNull();
  });
});
