import {
  chargedAmount,
  computeSale,
  includedVat,
  lineAmount,
  proportionalAmount,
  SaleMathError,
} from './sale-math';

describe('sale arithmetic', () => {
  it('multiplies fractional quantities exactly with half-up rounding', () => {
    expect(lineAmount(1.25, 1999)).toBe(2499); // 2498.75
    expect(lineAmount(0.333, 1000)).toBe(333);
    expect(lineAmount(100000, 100_000_000_000)).toBe(10_000_000_000_000_000); // no float overflow
  });

  it('extracts the VAT included in a price', () => {
    expect(includedVat(11400, 14)).toBe(1400);
    expect(includedVat(1000, 14)).toBe(123); // 122.8
    expect(includedVat(1000, 0)).toBe(0);
  });

  it('spreads the invoice discount so the shares add up exactly', () => {
    const r = computeSale(
      [
        { quantity: 1, unitPrice: 1000, listPrice: 1000, discount: 0, vatRate: 14 },
        { quantity: 1, unitPrice: 1000, listPrice: 1000, discount: 0, vatRate: 14 },
        { quantity: 1, unitPrice: 1000, listPrice: 1000, discount: 0, vatRate: 14 },
      ],
      100,
    );
    expect(r.lines.map((l) => l.invoiceDiscountShare)).toEqual([34, 33, 33]);
    expect(r.total).toBe(2900);
    expect(r.subtotal).toBe(3000);
    expect(r.vatTotal).toBe(r.lines.reduce((s, l) => s + includedVat(l.lineTotal, 14), 0));
    expect(r.discountPercent).toBeCloseTo(3.33, 2);
  });

  it('counts price changes and line discounts in the discount percent', () => {
    const r = computeSale([
      { quantity: 2, unitPrice: 900, listPrice: 1000, discount: 100, vatRate: 14 },
    ]);
    expect(r.listTotal).toBe(2000);
    expect(r.total).toBe(1700);
    expect(r.discountPercent).toBe(15);
  });

  it('refuses a discount larger than the line or the invoice', () => {
    expect(() =>
      computeSale([{ quantity: 1, unitPrice: 100, listPrice: 100, discount: 101, vatRate: 0 }]),
    ).toThrow(SaleMathError);
    expect(() =>
      computeSale([{ quantity: 1, unitPrice: 100, listPrice: 100, discount: 0, vatRate: 0 }], 101),
    ).toThrow(SaleMathError);
  });

  it('values part of a line for a return', () => {
    expect(proportionalAmount(2999, 3, 1)).toBe(1000); // 999.67
    expect(proportionalAmount(2999, 3, 3)).toBe(2999);
    expect(proportionalAmount(1000, 0.5, 0.25)).toBe(500);
  });

  it('charges a line rounded up, so tiny lines never sum below the exact amount (issue 11)', () => {
    expect(chargedAmount(0.001, 1300)).toBe(2); // 1.3
    expect(chargedAmount(1.25, 1999)).toBe(2499); // 2498.75
    expect(chargedAmount(3, 1300)).toBe(3900);
    // 500 lines of 0.001 kg at 13.00 EGP: the exact amount is 650 piasters; nothing below it is charged.
    const tiny = computeSale(
      Array.from({ length: 500 }, () => ({
        quantity: 0.001,
        unitPrice: 1300,
        listPrice: 1300,
        discount: 0,
        vatRate: 14,
      })),
    );
    expect(tiny.total).toBeGreaterThanOrEqual(650);
    expect(tiny.listTotal).toBe(tiny.total);
  });
});
