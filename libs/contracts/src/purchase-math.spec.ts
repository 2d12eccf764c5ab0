import { movingAverageCost, purchaseLineMoney, purchaseTotals } from './purchase-math';

describe('purchase math', () => {
  it('takes the discount off the line and the VAT on the net, half up', () => {
    expect(purchaseLineMoney({ quantity: 3, unitCost: 1000, discount: 150, vatRate: 14 })).toEqual({
      gross: 3000,
      net: 2850,
      vat: 399,
      total: 3249,
    });
    // 0.5 piaster rounds up: 25 × 14 % = 3.5
    expect(purchaseLineMoney({ quantity: 1, unitCost: 25, vatRate: 14 }).vat).toBe(4);
    expect(purchaseLineMoney({ quantity: 1.5, unitCost: 333 }).gross).toBe(500);
  });

  it('sums the lines into the invoice', () => {
    const t = purchaseTotals([
      { quantity: 2, unitCost: 500, discount: 100, vatRate: 14 },
      { quantity: 1, unitCost: 1000 },
    ]);
    expect(t).toMatchObject({ subtotal: 2000, discount: 100, vat: 126, total: 2026 });
  });

  it('moves the average cost by the weight of what came in', () => {
    // 10 at 100 + 10 at 200 → 150
    expect(movingAverageCost(10, 100, 10, 2000)).toBe(150);
    // 1 at 100 + 2 costing 401 in all → 501 / 3 = 167
    expect(movingAverageCost(1, 100, 2, 401)).toBe(167);
    // fractional stock: 0.5 at 1000 + 1.5 costing 3000 → 3500 / 2 = 1750
    expect(movingAverageCost(0.5, 1000, 1.5, 3000)).toBe(1750);
  });

  it('takes the receipt cost when nothing (or less than nothing) was held', () => {
    expect(movingAverageCost(0, 999, 4, 1000)).toBe(250);
    expect(movingAverageCost(-3, 999, 4, 1000)).toBe(250);
    expect(movingAverageCost(5, 999, 0, 0)).toBe(999);
  });
});
