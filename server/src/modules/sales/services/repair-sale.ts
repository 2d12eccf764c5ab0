import { Injectable } from '@nestjs/common';
import { uuidv7 } from '../../../core/database/ids';
import { includedVat, lineAmount, type PaymentEffect } from '@pos/contracts';
import type { CommandTransaction } from '../../../core/cqrs';
import { Errors } from '../../../core/errors/app.exception';
import { SALE_NUMBER_CTE, saleNumberPrefix, saleSequenceKey } from '../../../core/numbering';

/** The service item a repair's labour is sold as (made by migration RepairSales1796123000000). */
export const REPAIR_LABOUR_VARIANT_ID = '0193f1a0-0000-7000-8000-00000000a002';

/** A repair ticket's bill, as the maintenance module hands it over at delivery. */
export type RepairSaleInput = {
  ticketId: string;
  ticketNumber: string;
  branchId: string;
  customerId: string;
  user: { id: string; name: string };
  /** the cashier's open shift the bill was paid into at the POS (null: into a vault) */
  shiftId: string | null;
  /** the store's VAT rate on services, on every line of the bill */
  vatRate: number;
  /** the VAT the ticket's bill includes: the lines' VAT adds up to it */
  vat: number;
  labour: number;
  /** the parts used, one line each (already out of stock through the ledger) */
  parts: { variantId: string; quantity: number; unitPrice: number; unitCost: number }[];
  /** at the POS: the method and what it took (> 0) or gave back (< 0) now */
  payment: { methodId: string; amount: number } | null;
};

type Line = {
  variantId: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  vatAmount: number;
  unitCost: number;
};

/**
 * The sale document of a repair delivered and paid (issue 30 item 20), written inside the ticket's
 * own command: numbered by the sales counter of the till's register (register 1 when the bill went
 * into a vault), listed with the invoices, in the shift when paid at the POS, counted by the
 * daily report and the shift's totals, and its e-receipt queued by the `sale.completed` subscriber
 * where the branch issues them. Its lines: the labour as the store's repair service item and each
 * part used at the ticket's price, all at the service VAT rate. What it does not do, because the
 * ticket already did: take the parts out of stock (done when used) and post the books (the
 * ticket's settle entry; `maintenanceTicketId` on the event tells the posting to stay out). The
 * deposit and today's payment together pay it in full; only today's payment is a payment row.
 */
@Injectable()
export class RepairSales {
  async record(
    tx: CommandTransaction,
    input: RepairSaleInput,
  ): Promise<{ saleId: string; number: string }> {
    const { m } = tx;
    const [ctx] = (await m.query(
      `SELECT b.code,
              COALESCE(b.e_receipts_enabled AND COALESCE(b.receipt_pos_serial, '') <> '', false) AS e_receipts,
              (SELECT register FROM shifts WHERE id = $2) AS register,
              (SELECT id FROM inventories WHERE branch_id = b.id ORDER BY is_default DESC, created_at LIMIT 1) AS inventory_id,
              (SELECT json_build_object('id', id, 'type', type, 'name', name_ar) FROM payment_methods WHERE id = $3) AS method
         FROM branches b WHERE b.id = $1`,
      [input.branchId, input.shiftId, input.payment?.methodId ?? null],
    )) as {
      code: string;
      e_receipts: boolean;
      register: number | null;
      inventory_id: string | null;
      method: { id: string; type: string; name: string } | null;
    }[];
    if (!ctx?.inventory_id) throw Errors.notFound();
    const register = ctx.register ?? 1;

    const lines: Line[] = [
      ...(input.labour > 0
        ? [
            {
              variantId: REPAIR_LABOUR_VARIANT_ID,
              quantity: 1,
              unitPrice: input.labour,
              unitCost: 0,
            },
          ]
        : []),
      ...input.parts,
    ].map((l) => {
      const lineTotal = lineAmount(l.quantity, l.unitPrice);
      return { ...l, lineTotal, vatAmount: includedVat(lineTotal, input.vatRate) };
    });
    if (!lines.length) throw new Error(`ticket ${input.ticketNumber}: a sale without lines`);
    // Each line's VAT rounds on its own; the bill's VAT is the ticket's: the difference (a piaster
    // or two) goes on the largest line, so the invoice, the e-receipt and the books agree.
    const rounding = input.vat - lines.reduce((s, l) => s + l.vatAmount, 0);
    if (rounding !== 0) {
      const largest = lines.reduce((a, b) => (b.lineTotal > a.lineTotal ? b : a));
      largest.vatAmount += rounding;
    }
    const total = lines.reduce((s, l) => s + l.lineTotal, 0);
    const costTotal = lines.reduce((s, l) => s + lineAmount(l.quantity, l.unitCost), 0);
    const payments: PaymentEffect[] =
      input.payment && input.payment.amount !== 0 && ctx.method
        ? [
            {
              methodId: ctx.method.id,
              methodName: ctx.method.name,
              type: ctx.method.type,
              amount: input.payment.amount,
            },
          ]
        : [];

    const saleId = uuidv7();
    const [{ number }] = (await m.query(
      `WITH ${SALE_NUMBER_CTE('$1', '$2')}
       INSERT INTO sales_invoices (id, number, branch_id, inventory_id, shift_id, register, cashier_id, customer_id, status,
         subtotal, line_discount_total, invoice_discount, vat_total, total, cost_total, paid_total, change_due, due_amount,
         note, request_hash, maintenance_ticket_id)
       SELECT $3, seq.number, $4, $5, $6, $7, $8, $9, 'completed', $10, 0, 0, $11, $10, $12, $10, 0, 0, $13, $14, $15 FROM seq
       RETURNING number`,
      [
        saleSequenceKey(input.branchId, register),
        saleNumberPrefix(ctx.code, register),
        saleId,
        input.branchId,
        ctx.inventory_id,
        input.shiftId,
        register,
        input.user.id,
        input.customerId,
        total,
        input.vat,
        costTotal,
        input.ticketNumber,
        `maintenance:${input.ticketId}`,
        input.ticketId,
      ],
    )) as { number: string }[];
    await m.query(
      `INSERT INTO sale_lines (id, invoice_id, line_no, variant_id, quantity, list_price, unit_price, discount,
         invoice_discount_share, vat_rate, vat_amount, line_total, unit_cost)
       SELECT t.id, $1, t.no, t.vid, t.q, t.unit, t.unit, 0, 0, $2, t.vat, t.total, t.cost
         FROM unnest($3::uuid[], $4::int[], $5::uuid[], $6::numeric[], $7::bigint[], $8::bigint[], $9::bigint[], $10::bigint[])
           AS t(id, no, vid, q, unit, vat, total, cost)`,
      [
        saleId,
        input.vatRate,
        lines.map(() => uuidv7()),
        lines.map((_, i) => i + 1),
        lines.map((l) => l.variantId),
        lines.map((l) => l.quantity),
        lines.map((l) => l.unitPrice),
        lines.map((l) => l.vatAmount),
        lines.map((l) => l.lineTotal),
        lines.map((l) => l.unitCost),
      ],
    );
    for (const p of payments)
      // money given back at the till (the deposit was more than the bill) is a refund row
      await m.query(
        `INSERT INTO sale_payments (id, invoice_id, method_id, amount, kind, shift_id, branch_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          uuidv7(),
          saleId,
          p.methodId,
          Math.abs(p.amount),
          p.amount > 0 ? 'payment' : 'refund',
          input.shiftId,
          input.branchId,
        ],
      );

    tx.audit({
      action: 'sale.create',
      entity: 'sale',
      entityId: saleId,
      after: { number, total, lines: lines.length, payments, maintenanceTicketId: input.ticketId },
    });
    await tx.raise('sale.completed', {
      saleId,
      number,
      branchId: input.branchId,
      inventoryId: ctx.inventory_id,
      shiftId: input.shiftId,
      cashierId: input.user.id,
      cashierName: input.user.name,
      customerId: input.customerId,
      itemCount: lines.length,
      subtotal: total,
      discounts: 0,
      vat: input.vat,
      total,
      costTotal,
      payments,
      changeDue: 0,
      dueAmount: 0,
      eReceipts: ctx.e_receipts,
      maintenanceTicketId: input.ticketId,
    });
    return { saleId, number };
  }
}
