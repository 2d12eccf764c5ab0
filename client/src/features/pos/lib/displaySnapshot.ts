import type { DisplayPhase, SaleDto } from '@pos/contracts';
import type { Cart, CartTotals } from '../../../shared/lib/cart';
import { propertiesText } from '../../catalog';
import type { DisplayState } from '../../display';

export type DisplaySale = Pick<SaleDto, 'id' | 'number' | 'total' | 'paidTotal' | 'changeDue'> & {
  qr: string | null;
};

/**
 * What the customer display shows of the till (docs/decisions/0115): the priced cart's lines and
 * figures, the phase (empty: the last sale's end if it is still to be shown, else idle), and the
 * sale just made with its e-receipt's QR. Only what the customer may see: no cost, stock or
 * customer data.
 */
export function displayState(input: {
  cart: Cart;
  totals: CartTotals;
  paying: boolean;
  sale: DisplaySale | null;
  branchId: string | null;
  register: number;
}): DisplayState {
  const { cart, totals } = input;
  const promotions = new Map<string, number>();
  for (const line of cart.lines)
    for (const p of line.promotions ?? [])
      promotions.set(p.name, (promotions.get(p.name) ?? 0) + p.amount);
  const phase: DisplayPhase =
    cart.lines.length > 0 ? (input.paying ? 'paying' : 'cart') : input.sale ? 'done' : 'idle';
  return {
    branchId: input.branchId,
    register: input.register,
    phase,
    lines: cart.lines.map((line, i) => {
      const properties = propertiesText(line.properties);
      return {
        id: line.variantId,
        name: properties ? `${line.productName} — ${properties}` : line.productName,
        quantity: line.quantity,
        unit: line.unit,
        unitPrice: line.unitPrice,
        discount: line.discount,
        // before the invoice discount's share, which the totals show on its own line
        lineTotal: totals.lines[i] ? totals.lines[i].gross - totals.lines[i].discount : 0,
        promotions: (line.promotions ?? []).map((p) => p.name),
      };
    }),
    itemCount: totals.itemCount,
    subtotal: totals.subtotal,
    discountTotal: totals.lineDiscountTotal + totals.invoiceDiscount,
    promotions: [...promotions].map(([name, amount]) => ({ name, amount })),
    invoiceDiscount: totals.invoiceDiscount,
    vatTotal: totals.vatTotal,
    total: totals.total,
    sale:
      phase === 'done' && input.sale
        ? {
            number: input.sale.number,
            total: input.sale.total,
            // what the customer handed over: the sale keeps the total, the change goes back
            paid: input.sale.paidTotal + input.sale.changeDue,
            changeDue: input.sale.changeDue,
            qr: input.sale.qr,
          }
        : null,
  };
}
