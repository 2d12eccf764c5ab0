import type { SaleDto } from '@pos/contracts';
import { useStore } from 'jotai';
import { useEffect } from 'react';
import { createDisplayPublisher } from '../../display';
import { loadEReceiptMark } from '../../eta';
import { displayState, type DisplaySale } from '../lib/displaySnapshot';
import {
  cartAtom,
  cartTotalsAtom,
  lastSaleAtom,
  payAtom,
  pricedCartAtom,
  pricingRulesAtom,
} from '../state/cartStore';

/**
 * Publishes the till's cart to the customer display of this register (docs/decisions/0115): every
 * change of the cart, its prices, the payment dialog or the last sale sends a snapshot (at most
 * one per 50 ms, the last state always sent). Nothing waits for a display: a snapshot is read from
 * the atoms and handed to a BroadcastChannel and the socket, which return at once.
 */
export function useCustomerDisplayFeed(register: number, branchId: string | null) {
  const store = useStore();
  useEffect(() => {
    // The sale whose end the display shows, until the next cart starts.
    let shown: DisplaySale | null = null;
    let lastSale: SaleDto | null = store.get(lastSaleAtom);
    const publisher = createDisplayPublisher(() =>
      displayState({
        cart: store.get(pricedCartAtom),
        totals: store.get(cartTotalsAtom),
        paying: store.get(payAtom).open,
        sale: shown,
        branchId,
        register,
      }),
    );
    const changed = () => publisher.changed();
    // A cart change is one update of its own (a scan, a quantity, a discount): sent as it happens,
    // not after the till has drawn it. The end of a sale sets the payment, the last sale and a new
    // cart one after another: sent once all are done (a microtask later).
    const offCart = store.sub(cartAtom, () => {
      if (shown && store.get(cartAtom).lines.length > 0) shown = null;
      publisher.changed(Date.now(), { now: !store.get(payAtom).submitting });
    });
    const offSale = store.sub(lastSaleAtom, () => {
      const sale = store.get(lastSaleAtom);
      if (!sale || sale === lastSale) return;
      lastSale = sale;
      const mine: DisplaySale = {
        id: sale.id,
        number: sale.number,
        total: sale.total,
        paidTotal: sale.paidTotal,
        changeDue: sale.changeDue,
        qr: null,
      };
      shown = mine;
      changed();
      // The e-receipt's QR (issued in the sale's transaction, or built here offline) follows.
      void loadEReceiptMark(sale.id).then((mark) => {
        if (mark && shown === mine) {
          shown = { ...mine, qr: mark.qr };
          changed();
        }
      });
    });
    // The payment opening is one update too; its closing may be the end of a sale (see above).
    const offPay = store.sub(payAtom, () =>
      publisher.changed(Date.now(), { now: store.get(payAtom).open }),
    );
    const offRules = store.sub(pricingRulesAtom, changed);
    return () => {
      offCart();
      offSale();
      offPay();
      offRules();
      publisher.close();
    };
  }, [store, register, branchId]);
}
