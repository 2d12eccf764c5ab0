import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { uuidv7 } from '../../../../core/database/ids';
import { lineAmount } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { netValueChange, pushStockEvents } from '../../../inventory';
import { lockCustomer, postCustomerLedger } from '../../../customers';
import { StockLedger } from '../../../inventory';
import { applyPayments } from '../../services/payments';
import { priceBasket, saleLineColumns, saleTotalColumns } from '../../services/pricing';
import { readSale } from '../../services/sales-reader';
import { EditSaleCommand } from './edit-sale.command';

/**
 * EditSale (can_edit_invoice): the old lines' stock goes back and the old amount due leaves the
 * customer's balance, then the new basket is priced, paid and taken from stock, in one
 * transaction; the invoice keeps its number and the audit log keeps before and after.
 */
@CommandHandler(EditSaleCommand)
export class EditSaleHandler extends TransactionalCommandHandler<EditSaleCommand, void> {
  constructor(
    runner: CommandRunner,
    private readonly ledger: StockLedger,
  ) {
    super(runner);
  }

  protected async handle(
    { invoiceId, dto, user }: EditSaleCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const [invoice] = await m.query('SELECT * FROM sales_invoices WHERE id = $1 FOR UPDATE', [
      invoiceId,
    ]);
    if (!invoice || (invoice.branch_id !== user.branchId && !user.isAdmin)) throw Errors.notFound();
    // A repair's sale (issue 30 item 20) follows its ticket: the parts went into the device and the
    // books are the ticket's, so it is neither returned nor edited here (a fault comes back as a
    // warranty ticket).
    if (invoice.maintenance_ticket_id)
      throw new AppException('SALE_IS_REPAIR', HttpStatus.CONFLICT, { number: invoice.number });
    // A cash-on-delivery sale (issue 30 item 21): its amount due is the delivery order's.
    if (invoice.cod)
      throw new AppException('SALE_IS_COD', HttpStatus.CONFLICT, { number: invoice.number });
    // A sale sold on installments (issue 16): its plan was made from its amount due.
    const [plan] = await m.query(
      'SELECT number FROM installment_plans WHERE sale_id = $1 LIMIT 1',
      [invoiceId],
    );
    if (plan)
      throw new AppException('SALE_IN_INSTALLMENT_PLAN', HttpStatus.CONFLICT, {
        number: invoice.number,
        plan: plan.number,
      });
    const [{ returns }] = await m.query(
      'SELECT count(*)::int AS returns FROM sale_returns WHERE invoice_id = $1',
      [invoiceId],
    );
    if (returns > 0) throw new AppException('INVOICE_HAS_RETURNS', HttpStatus.CONFLICT);
    // A gift card's balance moved with the sale (issue 33 item 5): its payments stay as they were
    // (a return refunds them); an edit may not start paying by card either.
    const [{ gift }] = await m.query(
      `SELECT EXISTS (SELECT 1 FROM payment_methods pm WHERE pm.type = 'gift_card'
                 AND (pm.id = ANY($2) OR pm.id IN (SELECT method_id FROM sale_payments WHERE invoice_id = $1))) AS gift`,
      [invoiceId, dto.payments.map((p) => p.methodId)],
    );
    if (gift) throw new AppException('GIFT_CARD_EDIT', HttpStatus.CONFLICT);
    // Loyalty points redeemed as a tender (issue 33 item 4) stay as they were (a return refunds
    // them), and an edit may not start paying by points. Points the sale earned stay as earned
    // (docs/decisions/0091: an edit does not move points; a return takes them back).
    const [{ points }] = await m.query(
      `SELECT EXISTS (SELECT 1 FROM loyalty_ledger WHERE reference_type = 'sale' AND reference_id = $1 AND type = 'redeem')
           OR EXISTS (SELECT 1 FROM payment_methods WHERE type = 'loyalty' AND id = ANY($2)) AS points`,
      [invoiceId, dto.payments.map((p) => p.methodId)],
    );
    if (points) throw new AppException('LOYALTY_EDIT', HttpStatus.CONFLICT);
    // Serials and lots (issue 34, docs/decisions/0107): the units and lots a sale took are undone
    // by a return (by the serials sold), not by an edit that moves quantities only.
    const [{ tracked }] = await m.query(
      `SELECT EXISTS (SELECT 1 FROM sale_lines WHERE invoice_id = $1 AND tracked IS NOT NULL)
           OR EXISTS (SELECT 1 FROM variants v JOIN products p ON p.id = v.product_id
                       WHERE v.id = ANY($2::uuid[]) AND p.tracking <> 'none') AS tracked`,
      [invoiceId, dto.lines.map((l) => l.variantId)],
    );
    if (tracked) throw new AppException('TRACKED_EDIT', HttpStatus.CONFLICT);
    // A closed shift keeps the expected cash and Z report it was closed with: an edit would
    // change its payments and totals behind them, so it is refused (docs/decisions/). The
    // share lock makes a close running at the same time wait for this edit (as for a sale).
    if (invoice.shift_id) {
      const [shift] = await m.query('SELECT status FROM shifts WHERE id = $1 FOR SHARE', [
        invoice.shift_id,
      ]);
      if (shift?.status !== 'open')
        throw new AppException('INVOICE_SHIFT_CLOSED', HttpStatus.CONFLICT);
    }
    const before = await readSale(m, invoiceId, {
      ...user,
      permissions: [...user.permissions, 'can_see_profit', 'can_see_buy_price'],
    });

    // Undo the old basket.
    const oldLines = await m.query(
      `SELECT variant_id, quantity, unit_cost, line_total, vat_amount, discount + invoice_discount_share AS discount,
              round(quantity * unit_cost)::bigint AS cost
         FROM sale_lines WHERE invoice_id = $1`,
      [invoiceId],
    );
    const movements = oldLines.map(
      (l: { variant_id: string; quantity: string; unit_cost: string }) => ({
        variantId: l.variant_id,
        inventoryId: invoice.inventory_id,
        quantity: l.quantity,
        reason: 'sale' as const,
        referenceType: 'sale_edit',
        referenceId: invoiceId,
        unitCost: Number(l.unit_cost),
        userId: user.id,
        note: dto.reason,
      }),
    );
    const undo = await this.ledger.apply(m, movements);
    if (invoice.customer_id && Number(invoice.due_amount) > 0) {
      await lockCustomer(m, invoice.customer_id);
      await postCustomerLedger(m, {
        customerId: invoice.customer_id,
        type: 'edit',
        amount: -Number(invoice.due_amount),
        referenceType: 'sale',
        referenceId: invoiceId,
        userId: user.id,
        note: dto.reason,
      });
    }
    await m.query('DELETE FROM sale_lines WHERE invoice_id = $1', [invoiceId]);
    // TypeORM answers a DELETE … RETURNING with [rows, count].
    const [oldPayments] = (await m.query(
      `DELETE FROM sale_payments WHERE invoice_id = $1 AND kind = 'payment' RETURNING method_id, amount`,
      [invoiceId],
    )) as [{ method_id: string; amount: string }[], number];

    // Apply the new one.
    const customerId = dto.customerId === undefined ? invoice.customer_id : dto.customerId;
    const { math, lines } = await priceBasket(m, user, dto.lines, dto.invoiceDiscount ?? 0);
    const customer = customerId ? await lockCustomer(m, customerId) : null;
    const pay = await applyPayments(
      m,
      dto.payments,
      math.total,
      customer,
      user.permissions.includes('can_grant_credit'),
    );
    const costTotal = lines.reduce((s, l) => s + lineAmount(l.quantity, l.unitCost), 0);
    await m.query(
      `INSERT INTO sale_lines (id, invoice_id, line_no, variant_id, quantity, list_price, unit_price, discount, invoice_discount_share,
         vat_rate, vat_amount, line_total, unit_cost)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::uuid[], $5::numeric[], $6::bigint[], $7::bigint[], $8::bigint[],
         $9::bigint[], $10::int[], $11::bigint[], $12::bigint[], $13::bigint[])`,
      [lines.map(() => uuidv7()), lines.map(() => invoiceId), ...saleLineColumns(lines)],
    );
    if (pay.payments.length) {
      await m.query(
        `INSERT INTO sale_payments (id, invoice_id, method_id, amount, kind, shift_id, branch_id)
         SELECT id, $2, mid, amt, 'payment', $5, $6 FROM unnest($1::uuid[], $3::uuid[], $4::bigint[]) AS t(id, mid, amt)`,
        [
          pay.payments.map(() => uuidv7()),
          invoiceId,
          pay.payments.map((p) => p.methodId),
          pay.payments.map((p) => p.amount),
          invoice.shift_id,
          invoice.branch_id,
        ],
      );
    }
    const redo = await this.ledger.apply(
      m,
      lines.map((l) => ({
        variantId: l.variantId,
        inventoryId: invoice.inventory_id,
        quantity: -l.quantity,
        reason: 'sale' as const,
        referenceType: 'sale_edit',
        referenceId: invoiceId,
        unitCost: l.unitCost,
        userId: user.id,
        note: dto.reason,
      })),
    );
    if (customer && pay.dueAmount > 0) {
      await postCustomerLedger(m, {
        customerId: customer.id,
        type: 'edit',
        amount: pay.dueAmount,
        referenceType: 'sale',
        referenceId: invoiceId,
        userId: user.id,
        note: dto.reason,
      });
    }
    await m.query(
      `UPDATE sales_invoices SET customer_id = $2, subtotal = $3, line_discount_total = $4, invoice_discount = $5, vat_total = $6,
         total = $7, cost_total = $8, paid_total = $9, change_due = $10, due_amount = $11, edited_at = now() WHERE id = $1`,
      [invoiceId, customer?.id ?? null, ...saleTotalColumns(math, costTotal, pay)],
    );
    const after = await readSale(m, invoiceId, {
      ...user,
      permissions: [...user.permissions, 'can_see_profit', 'can_see_buy_price'],
    });
    tx.audit({
      action: 'sale.edit',
      entity: 'sale',
      entityId: invoiceId,
      before: { ...before, reason: dto.reason },
      after: { ...after, reason: dto.reason },
    });
    await tx.raise('sale.edited', {
      saleId: invoiceId,
      branchId: invoice.branch_id,
      shiftId: invoice.shift_id,
      reason: dto.reason,
      before: {
        total: Number(invoice.total),
        costTotal: Number(invoice.cost_total),
        dueAmount: Number(invoice.due_amount),
        customerId: invoice.customer_id,
      },
      after: {
        total: math.total,
        costTotal,
        dueAmount: pay.dueAmount,
        customerId: customer?.id ?? null,
      },
      payments: pay.payments.map((p) => ({ methodId: p.methodId, amount: p.amount })),
      stockValue: netValueChange([...undo, ...redo]),
      removed: {
        invoice: {
          subtotal: Number(invoice.subtotal),
          lineDiscountTotal: Number(invoice.line_discount_total),
          invoiceDiscount: Number(invoice.invoice_discount),
          vatTotal: Number(invoice.vat_total),
          total: Number(invoice.total),
          costTotal: Number(invoice.cost_total),
        },
        lines: oldLines.map((l: Record<string, string>) => ({
          variantId: l.variant_id,
          quantity: Number(l.quantity),
          lineTotal: Number(l.line_total),
          vatAmount: Number(l.vat_amount),
          discount: Number(l.discount),
          cost: Number(l.cost),
        })),
        payments: oldPayments.map((p) => ({ methodId: p.method_id, amount: Number(p.amount) })),
      },
    });
    await pushStockEvents(tx, [...undo, ...redo]);
  }
}
