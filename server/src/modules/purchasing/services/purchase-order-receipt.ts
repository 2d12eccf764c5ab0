import { HttpStatus } from '@nestjs/common';
import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import type { PurchaseOrderStatus } from '@pos/contracts';
import { AppException } from '../../../core/errors/app.exception';
import { assertAction, lockOrder } from './purchase-order-rules';

export type PurchaseOrderReceipt = {
  orderId: string;
  /** what arrived now, per variant (added to what arrived before) */
  lines: { variantId: string; quantity: number | string }[];
  /** when given (an invoice made from the order), they must be the order's */
  vendorId?: string;
  inventoryId?: string;
};

export type PurchaseOrderReceiptResult = {
  orderId: string;
  number: string;
  branchId: string;
  from: PurchaseOrderStatus;
  to: PurchaseOrderStatus;
};

/**
 * Records goods that arrived against a purchase order, inside the caller's transaction: locks the
 * order (after vendor and invoice rows, before stock rows: docs/decisions/), raises each line's
 * received quantity and moves the status to partly_received or received. Refuses (nothing
 * written) an order that is not open (409), a variant that is not on it, and more than is still
 * due (400). No stock and no money move here: the caller (the purchase invoice) moves them.
 */
export async function applyPurchaseOrderReceipt(
  m: EntityManager,
  receipt: PurchaseOrderReceipt,
): Promise<PurchaseOrderReceiptResult> {
  const order = await lockOrder(m, receipt.orderId, null);
  assertAction(order, 'receive');
  if (
    (receipt.vendorId && receipt.vendorId !== order.vendor_id) ||
    (receipt.inventoryId && receipt.inventoryId !== order.inventory_id)
  )
    throw new AppException('PURCHASE_ORDER_MISMATCH', HttpStatus.BAD_REQUEST, {
      number: order.number,
    });
  const lines: {
    id: string;
    variant_id: string;
    quantity: string;
    received_quantity: string;
    name_ar: string;
  }[] = await m.query(
    `SELECT l.id, l.variant_id, l.quantity::text, l.received_quantity::text, p.name_ar
       FROM purchase_order_lines l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
      WHERE l.order_id = $1 ORDER BY l.line_no FOR UPDATE OF l`,
    [order.id],
  );
  const byVariant = new Map(lines.map((l) => [l.variant_id, l]));
  const arrived = new Map<string, Decimal>();
  for (const r of receipt.lines) {
    const line = byVariant.get(r.variantId);
    if (!line) {
      const [v] = await m.query(
        'SELECT p.name_ar FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = $1',
        [r.variantId],
      );
      throw new AppException('PURCHASE_ORDER_LINE_UNKNOWN', HttpStatus.BAD_REQUEST, {
        name: v?.name_ar ?? r.variantId,
        number: order.number,
      });
    }
    arrived.set(r.variantId, (arrived.get(r.variantId) ?? new Decimal(0)).plus(r.quantity));
  }
  for (const [variantId, quantity] of arrived) {
    const line = byVariant.get(variantId)!;
    const remaining = new Decimal(line.quantity).minus(line.received_quantity);
    if (quantity.gt(remaining))
      throw new AppException('PURCHASE_ORDER_OVER_RECEIPT', HttpStatus.BAD_REQUEST, {
        name: line.name_ar,
        number: order.number,
        remaining: remaining.toString(),
      });
    line.received_quantity = new Decimal(line.received_quantity).plus(quantity).toFixed(3);
  }
  const changed = [...arrived.keys()].map((v) => byVariant.get(v)!);
  if (changed.length)
    await m.query(
      `UPDATE purchase_order_lines l SET received_quantity = u.received
         FROM unnest($1::uuid[], $2::numeric[]) AS u(id, received) WHERE l.id = u.id`,
      [changed.map((l) => l.id), changed.map((l) => l.received_quantity)],
    );
  const complete = lines.every((l) => new Decimal(l.received_quantity).gte(l.quantity));
  const to: PurchaseOrderStatus = complete ? 'received' : 'partly_received';
  await m.query('UPDATE purchase_orders SET status = $2, updated_at = now() WHERE id = $1', [
    order.id,
    to,
  ]);
  return {
    orderId: order.id,
    number: order.number,
    branchId: order.branch_id,
    from: order.status,
    to,
  };
}
