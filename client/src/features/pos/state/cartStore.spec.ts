import type { SaleDto } from '@pos/contracts';
import { createStore } from 'jotai';
import { newCart, type Cart } from '../../../shared/lib/cart';
import {
  addVariantAtom,
  applyOnHandAtom,
  blockingProblemsAtom,
  cartAtom,
  cartCustomerAtom,
  cartEmptyAtom,
  cartProblemsAtom,
  cartRulesAtom,
  cartTotalsAtom,
  closePayAtom,
  dropParkedAtom,
  invoiceDiscountAtom,
  lastSaleAtom,
  lineTotalsAtom,
  loadCart,
  newSaleAtom,
  openPayAtom,
  openTillAtom,
  parkCartAtom,
  parkedAtom,
  parkedCountAtom,
  payAtom,
  payFailedAtom,
  paySubmittingAtom,
  removeLineAtom,
  resumeParkedAtom,
  saleDoneAtom,
  saveCart,
  updateLineAtom,
} from './cartStore';
import { variant } from '../lib/fixtures';

const label = (n: number) => `سلة ${n}`;

/** A store opened on an empty cart with the given id, as the till opens for a user. */
function openStore(id = 'sale-1') {
  const store = createStore();
  store.set(openTillAtom, { cart: newCart(id), parked: [] });
  return store;
}

describe('till cart store', () => {
  it('adds scanned variants newest on top and sums the totals in integer piasters', () => {
    const store = openStore();
    expect(store.get(cartEmptyAtom)).toBe(true);
    store.set(addVariantAtom, { variant: variant('1', 1000), quantity: 1, code: null });
    store.set(addVariantAtom, { variant: variant('2', 2550), quantity: 2, code: '6221' });
    store.set(addVariantAtom, { variant: variant('1', 1000), quantity: 1, code: null });
    const lines = store.get(cartAtom).lines;
    expect(lines.map((l) => [l.variantId, l.quantity])).toEqual([
      ['1', 2],
      ['2', 2],
    ]);
    expect(lines[1].barcode).toBe('6221');
    const totals = store.get(cartTotalsAtom);
    // prices include VAT: 2 × 10.00 + 2 × 25.50 = 71.00
    expect(totals.total).toBe(7100);
    expect(Number.isInteger(totals.total) && Number.isInteger(totals.vatTotal)).toBe(true);
    expect(totals.itemCount).toBe(4);
    expect(store.get(lineTotalsAtom).get('1')).toBe(2000);
    expect(store.get(lineTotalsAtom).get('2')).toBe(5100);
    expect(store.get(cartEmptyAtom)).toBe(false);
  });

  it('changes and removes lines; the invoice discount and the customer are parts of the cart', () => {
    const store = openStore();
    store.set(addVariantAtom, { variant: variant('1', 1000), quantity: 3, code: null });
    store.set(addVariantAtom, { variant: variant('2', 500), quantity: 1, code: null });
    store.set(updateLineAtom, { variantId: '1', patch: { unitPrice: 900, discount: 100 } });
    expect(store.get(cartTotalsAtom).total).toBe(3 * 900 - 100 + 500);
    store.set(invoiceDiscountAtom, 250);
    expect(store.get(invoiceDiscountAtom)).toBe(250);
    expect(store.get(cartTotalsAtom).total).toBe(3 * 900 - 100 + 500 - 250);
    store.set(invoiceDiscountAtom, null);
    expect(store.get(cartAtom).invoiceDiscount).toBe(0);
    store.set(removeLineAtom, '2');
    expect(store.get(cartAtom).lines.map((l) => l.variantId)).toEqual(['1']);

    const customer = { id: 'c1', name: 'منى', phone: null, balance: 0, creditLimit: 0 };
    const linesBefore = store.get(cartAtom).lines;
    store.set(cartCustomerAtom, customer);
    expect(store.get(cartAtom).customer).toEqual(customer);
    // the customer's change keeps the lines (the cart table does not re-render for it)
    expect(store.get(cartAtom).lines).toBe(linesBefore);
  });

  it('says what blocks the payment under the current rules', () => {
    const store = openStore();
    store.set(addVariantAtom, {
      variant: variant('1', 1000, { onHand: 1 }),
      quantity: 2,
      code: null,
    });
    expect(store.get(blockingProblemsAtom).map((p) => p.code)).toEqual(['INSUFFICIENT_STOCK']);
    store.set(cartRulesAtom, {
      maxDiscountPercent: 0,
      canBypassMaxDiscount: false,
      allowNegativeStock: true,
    });
    expect(store.get(blockingProblemsAtom)).toEqual([]);
    store.set(invoiceDiscountAtom, 300);
    expect(store.get(blockingProblemsAtom)).toEqual([
      { code: 'MAX_DISCOUNT_EXCEEDED', percent: 15, max: 0 },
    ]);
    store.set(invoiceDiscountAtom, 5000);
    expect(store.get(blockingProblemsAtom).map((p) => p.code)).toEqual(['DISCOUNT_TOO_LARGE']);
    store.set(removeLineAtom, '1');
    expect(store.get(cartProblemsAtom).map((p) => p.code)).toContain('EMPTY');
  });

  it('applies live stock to the line and leaves the cart as it is when nothing changes', () => {
    const store = openStore();
    store.set(addVariantAtom, { variant: variant('1', 1000), quantity: 1, code: null });
    const before = store.get(cartAtom);
    store.set(applyOnHandAtom, { variantId: '1', onHand: 10, reserved: 0 });
    expect(store.get(cartAtom)).toBe(before);
    store.set(applyOnHandAtom, { variantId: '1', onHand: 4, reserved: 1 });
    expect(store.get(cartAtom).lines[0]).toMatchObject({ onHand: 4, reserved: 1 });
  });

  it('parks the cart under the customer or a numbered label, resumes it and parks the one on screen', () => {
    const store = openStore('a');
    expect(store.set(parkCartAtom, label)).toBe(false);
    store.set(addVariantAtom, { variant: variant('1', 1000), quantity: 1, code: null });
    expect(store.set(parkCartAtom, label)).toBe(true);
    expect(store.get(parkedAtom).map((p) => [p.cart.id, p.label])).toEqual([['a', 'سلة 1']]);
    // a new cart with a new sale id
    const second = store.get(cartAtom);
    expect(second.lines).toEqual([]);
    expect(second.id).not.toBe('a');

    store.set(addVariantAtom, { variant: variant('2', 500), quantity: 1, code: null });
    store.set(cartCustomerAtom, { id: 'c', name: 'علي', phone: null, balance: 0 });
    expect(store.set(resumeParkedAtom, { id: 'a', label })).toBe(true);
    expect(store.get(cartAtom).id).toBe('a');
    expect(store.get(parkedAtom).map((p) => [p.cart.id, p.label])).toEqual([[second.id, 'علي']]);
    expect(store.get(parkedCountAtom)).toBe(1);
    expect(store.set(resumeParkedAtom, { id: 'missing', label })).toBe(false);

    store.set(dropParkedAtom, second.id);
    expect(store.get(parkedAtom)).toEqual([]);
    // resuming into an empty cart parks nothing in its place
    store.set(parkCartAtom, label);
    expect(store.set(resumeParkedAtom, { id: 'a', label })).toBe(true);
    expect(store.get(parkedAtom)).toEqual([]);
  });

  it('keeps the sale id across a refused payment and starts a new one after the sale', () => {
    const store = openStore('sale-1');
    store.set(addVariantAtom, { variant: variant('1', 1000), quantity: 1, code: null });
    store.set(openPayAtom);
    expect(store.get(payAtom)).toEqual({ open: true, submitting: false, error: null });
    store.set(paySubmittingAtom);
    expect(store.get(payAtom).submitting).toBe(true);
    store.set(payFailedAtom, 'نفد المخزون');
    expect(store.get(payAtom)).toEqual({ open: true, submitting: false, error: 'نفد المخزون' });
    // the same intention: the cart (the sale's id, its idempotency key) is unchanged
    expect(store.get(cartAtom).id).toBe('sale-1');
    store.set(paySubmittingAtom);
    expect(store.get(payAtom).error).toBeNull();

    const sale = { id: 'sale-1', number: 'INV-1', total: 1000, changeDue: 0 } as SaleDto;
    store.set(saleDoneAtom, sale);
    expect(store.get(payAtom)).toEqual({ open: false, submitting: false, error: null });
    expect(store.get(lastSaleAtom)).toBe(sale);
    expect(store.get(cartEmptyAtom)).toBe(true);
    expect(store.get(cartAtom).id).not.toBe('sale-1');

    store.set(openPayAtom);
    store.set(payFailedAtom, 'x');
    store.set(closePayAtom);
    expect(store.get(payAtom)).toEqual({ open: false, submitting: false, error: null });
  });

  it('a new sale drops the cart; opening the till again starts from what was saved', () => {
    const store = openStore('s');
    store.set(addVariantAtom, { variant: variant('1', 1000), quantity: 1, code: null });
    store.set(lastSaleAtom, { id: 'x' } as SaleDto);
    store.set(newSaleAtom);
    expect(store.get(cartEmptyAtom)).toBe(true);
    expect(store.get(cartAtom).id).not.toBe('s');

    const saved: Cart = { ...newCart('saved'), invoiceDiscount: 10 };
    store.set(openTillAtom, { cart: saved, parked: [] });
    expect(store.get(cartAtom)).toBe(saved);
    expect(store.get(lastSaleAtom)).toBeNull();
  });

  it('saves and loads the cart per user; a broken saved cart gives a new one', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    const cart = { ...newCart('keep'), invoiceDiscount: 5 };
    saveCart(storage, 'u1', cart);
    expect(loadCart(storage, 'u1')).toEqual(cart);
    expect(loadCart(storage, 'u2').id).not.toBe('keep');
    data.set('pos.cart.u3', '{not json');
    expect(loadCart(storage, 'u3').lines).toEqual([]);
    data.set('pos.cart.u4', JSON.stringify({ id: 1, lines: 'x' }));
    expect(typeof loadCart(storage, 'u4').id).toBe('string');
  });
});
