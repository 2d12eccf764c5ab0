import { addVariant, cartTotals, newCart, type Cart } from '../../../shared/lib/cart';
import { displayState, type DisplaySale } from './displaySnapshot';
import { variant } from './fixtures';

const sale: DisplaySale = {
  id: 's1',
  number: 'B01-R02-000007',
  total: 4_500,
  paidTotal: 4_500,
  changeDue: 5_500,
  qr: 'https://invoicing.eta.gov.eg/receipts/search/x/share/y',
};

const state = (cart: Cart, extra: { paying?: boolean; sale?: DisplaySale | null } = {}) =>
  displayState({
    cart,
    totals: cartTotals(cart),
    paying: extra.paying ?? false,
    sale: extra.sale ?? null,
    branchId: 'b1',
    register: 2,
  });

describe('the customer display snapshot of the till (0115)', () => {
  it('shows each line before the invoice discount, the promotions by name, and the totals', () => {
    let cart = addVariant(newCart('c1'), variant('1', 1_000), 2, null);
    cart = addVariant(cart, variant('2', 2_550, { properties: { المقاس: 'كبير' } }), 1, null);
    // the pricing engine's output on the lines: a promotion of 1.50 on the first
    cart = {
      ...cart,
      invoiceDiscount: 100,
      lines: cart.lines.map((l) =>
        l.variantId === '1'
          ? {
              ...l,
              discount: 150,
              promotions: [{ promotionId: 'p', name: 'عرض الشاي', amount: 150 }],
            }
          : l,
      ),
    };
    const s = state(cart);
    expect(s.phase).toBe('cart');
    expect(s.lines.map((l) => [l.name, l.quantity, l.unitPrice, l.discount, l.lineTotal])).toEqual([
      ['منتج 2 — كبير', 1, 2_550, 0, 2_550],
      ['منتج 1', 2, 1_000, 150, 1_850],
    ]);
    expect(s.lines[1].promotions).toEqual(['عرض الشاي']);
    expect(s.promotions).toEqual([{ name: 'عرض الشاي', amount: 150 }]);
    expect(s).toMatchObject({
      itemCount: 3,
      subtotal: 4_550,
      discountTotal: 250,
      invoiceDiscount: 100,
      total: 4_300,
      sale: null,
    });
    // Σ lines − the invoice discount is the total
    expect(s.lines.reduce((t, l) => t + l.lineTotal, 0) - s.invoiceDiscount).toBe(s.total);
  });

  it('is idle when empty, paying with the dialog open, done with the sale until the next cart', () => {
    const empty = newCart('c2');
    expect(state(empty).phase).toBe('idle');
    const cart = addVariant(empty, variant('1', 1_000), 1, null);
    expect(state(cart, { paying: true }).phase).toBe('paying');
    const done = state(empty, { sale });
    expect(done.phase).toBe('done');
    // what the customer handed over: the total kept and the change given back
    expect(done.sale).toEqual({
      number: sale.number,
      total: 4_500,
      paid: 10_000,
      changeDue: 5_500,
      qr: sale.qr,
    });
    expect(state(cart, { sale }).sale).toBeNull();
  });
});
