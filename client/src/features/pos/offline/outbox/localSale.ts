import { computeSale, type PaymentMethodDto, type SaleDto } from '@pos/contracts';
import { paymentSummary, type Cart, type PaymentEntry } from '../../../../shared/lib/cart';
import type { QueuedSale } from './db';

/**
 * The receipt of a sale completed on the device while its answer is awaited (offline): the
 * contracts' computeSale over the cart (the server recomputes with the same function), the
 * device's receipt number in place of the invoice number, and the payments as tendered.
 */
export function localSale(
  row: QueuedSale,
  cart: Cart,
  payments: PaymentEntry[],
  methods: Pick<PaymentMethodDto, 'id' | 'type' | 'nameAr'>[],
  who: { id: string; name: string; branchId: string | null; register: number },
): SaleDto {
  // The lines in the order the sale sends them (toCreateSaleDto: the last scanned first).
  const ordered = cart.lines.slice().reverse();
  const totals = computeSale(
    ordered.map((l) => ({
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      listPrice: l.listPrice,
      discount: l.discount,
      vatRate: l.vatRate,
    })),
    cart.invoiceDiscount,
  );
  const summary = paymentSummary(totals.total, payments, methods);
  const byId = new Map(methods.map((m) => [m.id, m]));
  // As the server keeps them: the change comes out of the cash handed over.
  let changeLeft = summary.changeDue;
  const kept = payments
    .filter((p) => p.amount > 0)
    .map((p) => {
      const method = byId.get(p.methodId);
      let amount = p.amount;
      if (method?.type === 'cash' && changeLeft > 0) {
        const take = Math.min(changeLeft, amount);
        amount -= take;
        changeLeft -= take;
      }
      return { p, method, amount };
    })
    .filter((x) => x.amount > 0);
  const paidTotal = kept.reduce((s, x) => s + x.amount, 0);
  return {
    id: row.id,
    number: row.receipt,
    branchId: who.branchId ?? '',
    inventoryId: row.dto.inventoryId ?? '',
    shiftId: null,
    register: who.register,
    cashierId: who.id,
    cashierName: who.name,
    customerId: cart.customer?.id ?? null,
    customerName: cart.customer?.name ?? null,
    status: 'completed',
    subtotal: totals.subtotal,
    lineDiscountTotal: totals.lineDiscountTotal,
    invoiceDiscount: totals.invoiceDiscount,
    vatTotal: totals.vatTotal,
    total: totals.total,
    paidTotal,
    changeDue: summary.changeDue,
    dueAmount: Math.max(0, totals.total - paidTotal),
    note: cart.note.trim() || null,
    createdAt: row.rungAt,
    editedAt: null,
    maintenanceTicketId: null,
    cod: row.dto.cod === true,
    deviceReceipt: row.receipt,
    rungAt: row.rungAt,
    offline: true,
    lines: ordered.map((l, i) => {
      const m = totals.lines[i];
      return {
        id: `${row.id}-${i + 1}`,
        lineNo: i + 1,
        variantId: l.variantId,
        productName: l.productName,
        properties: l.properties,
        sku: l.sku,
        barcode: l.barcode,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        listPrice: l.listPrice,
        discount: l.discount,
        invoiceDiscountShare: m?.invoiceDiscountShare ?? 0,
        vatRate: l.vatRate,
        vatAmount: m?.vatAmount ?? 0,
        lineTotal: m?.lineTotal ?? 0,
        returnedQuantity: 0,
        // what priced it (issue 33): the receipt prints them as the server's invoice does
        priceListName: l.priceListName ?? null,
        promotions: l.promotions ?? [],
      };
    }),
    payments: kept.map((x, i) => ({
      id: `${row.id}-p${i + 1}`,
      methodId: x.p.methodId,
      methodName: x.method?.nameAr ?? '',
      type: x.method?.type ?? 'cash',
      amount: x.amount,
      kind: 'payment' as const,
      at: row.rungAt,
    })),
    returns: [],
  };
}
