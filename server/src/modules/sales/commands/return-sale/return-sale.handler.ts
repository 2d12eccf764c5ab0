import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { QueryFailedError, type EntityManager } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { formatPiasters, lineAmount, proportionalAmount } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { netValueChange, pushStockEvents } from '../../../inventory';
import { lockCustomer, postCustomerLedger } from '../../../customers';
import { StockLedger } from '../../../inventory';
import { branchDocumentNumber } from '../../../../core/numbering';
import { ReturnSaleCommand } from './return-sale.command';

export type ReturnSaleResult = { returnId: string; created: boolean };

/** What makes two return requests "the same return". */
const returnFingerprint = ({ dto, invoiceId, user }: ReturnSaleCommand) =>
  createHash('sha256')
    .update(JSON.stringify({ ...dto, invoiceId, user: user.id }))
    .digest('hex');

/**
 * ReturnSale: never more than sold minus already returned (the sold lines are locked), stock back
 * into the sale's inventory, money back by the chosen methods (cash by default) after first
 * lowering what the customer still owes on a credit sale.
 */
@CommandHandler(ReturnSaleCommand)
export class ReturnSaleHandler extends TransactionalCommandHandler<
  ReturnSaleCommand,
  ReturnSaleResult
> {
  constructor(
    runner: CommandRunner,
    private readonly ledger: StockLedger,
  ) {
    super(runner);
  }

  /** The return made before under this id (same request, else 409), if any. */
  protected override findOwn(command: ReturnSaleCommand): Promise<ReturnSaleResult | null> {
    return this.findExisting(command.dto.id, returnFingerprint(command));
  }

  /**
   * Besides the base rule (with an Idempotency-Key, any failure but a reused key: the return hit
   * whatever came first, e.g. nothing left to return), a retry of the same return id racing the
   * first one fails on the primary key.
   */
  protected override retryFindsOwn(error: unknown, keyed: boolean): boolean {
    const pg = (
      error as QueryFailedError & { driverError?: { code?: string; constraint?: string } }
    ).driverError;
    return (
      (error instanceof QueryFailedError &&
        pg?.code === '23505' &&
        !!pg.constraint?.startsWith('PK_')) ||
      super.retryFindsOwn(error, keyed)
    );
  }

  private async findExisting(id: string, hash: string): Promise<ReturnSaleResult | null> {
    const [row] = await this.runner.manager.query(
      'SELECT request_hash FROM sale_returns WHERE id = $1',
      [id],
    );
    if (!row) return null;
    if (row.request_hash !== hash) throw new AppException('SALE_ID_CONFLICT', HttpStatus.CONFLICT);
    return { returnId: id, created: false };
  }

  /** The same return inside another command's transaction (a failed or returned delivery). */
  runInside(command: ReturnSaleCommand, tx: CommandTransaction): Promise<ReturnSaleResult> {
    return this.handle(command, tx);
  }

  protected async handle(
    command: ReturnSaleCommand,
    tx: CommandTransaction,
  ): Promise<ReturnSaleResult> {
    const { m } = tx;
    const { invoiceId, dto, user } = command;
    const hash = returnFingerprint(command);
    const [shift] = await m.query(
      `SELECT id, branch_id FROM shifts WHERE cashier_id = $1 AND status = 'open'`,
      [user.id],
    );
    if (!shift) throw new AppException('SHIFT_NOT_OPEN', HttpStatus.BAD_REQUEST);
    const [invoice] = await m.query('SELECT * FROM sales_invoices WHERE id = $1 FOR UPDATE', [
      invoiceId,
    ]);
    if (!invoice || (invoice.branch_id !== user.branchId && !user.isAdmin)) throw Errors.notFound();
    // A repair's sale (issue 30 item 20) follows its ticket: the parts went into the device and the
    // books are the ticket's, so it is neither returned nor edited here (a fault comes back as a
    // warranty ticket).
    if (invoice.maintenance_ticket_id)
      throw new AppException('SALE_IS_REPAIR', HttpStatus.CONFLICT, { number: invoice.number });
    // Goods of an open installment plan (issue 16) come back only after it is settled: the plan
    // would otherwise ask for more than the customer still owes on the sale.
    const [plan] = await m.query(
      `SELECT number FROM installment_plans WHERE sale_id = $1 AND status IN ('active', 'late') LIMIT 1`,
      [invoiceId],
    );
    if (plan)
      throw new AppException('SALE_IN_INSTALLMENT_PLAN', HttpStatus.CONFLICT, {
        number: invoice.number,
        plan: plan.number,
      });
    const number = await branchDocumentNumber(m, 'return', invoice.branch_id);
    await m.query(
      `INSERT INTO sale_returns (id, number, invoice_id, branch_id, shift_id, cashier_id, total, cost_total, credit_reduction, reason, request_hash)
       VALUES ($1, $2, $3, $4, $5, $6, 0, 0, 0, $7, $8)`,
      [dto.id, number, invoiceId, invoice.branch_id, shift.id, user.id, dto.reason ?? null, hash],
    );
    const soldLines = await m.query(
      `SELECT l.id, l.variant_id, l.quantity, l.returned_quantity, l.line_total, l.vat_amount, l.unit_cost, p.name_ar
         FROM sale_lines l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
        WHERE l.invoice_id = $1 ORDER BY l.line_no FOR UPDATE OF l`,
      [invoiceId],
    );
    const byId = new Map(soldLines.map((l: { id: string }) => [l.id, l]));
    const wanted = new Map<string, Decimal>();
    for (const line of dto.lines)
      wanted.set(
        line.saleLineId,
        (wanted.get(line.saleLineId) ?? new Decimal(0)).plus(line.quantity),
      );
    let total = 0;
    let costTotal = 0;
    const returned: {
      saleLineId: string;
      variantId: string;
      quantity: number;
      amount: number;
      vat: number;
      unitCost: number;
    }[] = [];
    for (const [saleLineId, qty] of wanted) {
      const sold = byId.get(saleLineId) as Record<string, string> | undefined;
      if (!sold) throw Errors.notFound();
      const remaining = new Decimal(sold.quantity).minus(sold.returned_quantity);
      if (qty.gt(remaining)) {
        throw new AppException('RETURN_EXCEEDS_SOLD', HttpStatus.BAD_REQUEST, {
          name: sold.name_ar,
          remaining: remaining.toString(),
        });
      }
      // The last piece returned takes whatever is left of the line, so rounding never leaks.
      const soldQty = Number(sold.quantity);
      const alreadyAmount = proportionalAmount(
        Number(sold.line_total),
        soldQty,
        Number(sold.returned_quantity),
      );
      const afterAmount = proportionalAmount(
        Number(sold.line_total),
        soldQty,
        new Decimal(sold.returned_quantity).plus(qty).toNumber(),
      );
      const amount = afterAmount - alreadyAmount;
      const vat =
        proportionalAmount(
          Number(sold.vat_amount),
          soldQty,
          new Decimal(sold.returned_quantity).plus(qty).toNumber(),
        ) - proportionalAmount(Number(sold.vat_amount), soldQty, Number(sold.returned_quantity));
      total += amount;
      costTotal += lineAmount(qty.toNumber(), Number(sold.unit_cost));
      returned.push({
        saleLineId,
        variantId: sold.variant_id,
        quantity: qty.toNumber(),
        amount,
        vat,
        unitCost: Number(sold.unit_cost),
      });
      await m.query(
        'UPDATE sale_lines SET returned_quantity = returned_quantity + $2 WHERE id = $1',
        [saleLineId, qty.toFixed(3)],
      );
    }

    // A credit sale's return first lowers what is still owed on it; a cash-on-delivery sale's lowers
    // what the delivery order still owes (the COD receivable), no customer's balance.
    let creditReduction = 0;
    // Once delivered, the customer has paid the driver: the return refunds them and the driver
    // still owes what they collected.
    const cod = invoice.cod === true;
    if (cod && Number(invoice.due_amount) > 0) {
      const [{ reduced, delivered }] = await m.query(
        `SELECT COALESCE(sum(credit_reduction), 0)::bigint AS reduced,
                EXISTS (SELECT 1 FROM delivery_orders WHERE sale_id = $1 AND status = 'delivered') AS delivered
           FROM sale_returns WHERE invoice_id = $1`,
        [invoiceId],
      );
      if (!delivered)
        creditReduction = Math.max(
          0,
          Math.min(total, Number(invoice.due_amount) - Number(reduced)),
        );
    } else if (invoice.customer_id && Number(invoice.due_amount) > 0) {
      const [{ reduced }] = await m.query(
        'SELECT COALESCE(sum(credit_reduction), 0)::bigint AS reduced FROM sale_returns WHERE invoice_id = $1',
        [invoiceId],
      );
      const customer = await lockCustomer(m, invoice.customer_id);
      creditReduction = Math.max(
        0,
        Math.min(total, Number(invoice.due_amount) - Number(reduced), customer.balance),
      );
      if (creditReduction > 0) {
        await postCustomerLedger(m, {
          customerId: customer.id,
          type: 'return',
          amount: -creditReduction,
          referenceType: 'return',
          referenceId: dto.id,
          shiftId: shift.id,
          userId: user.id,
        });
      }
    }
    const refundTotal = total - creditReduction;
    const refunds = dto.refunds?.length
      ? dto.refunds
      : refundTotal > 0
        ? [{ methodId: await this.cashMethod(m), amount: refundTotal }]
        : [];
    const given = refunds.reduce((s, r) => s + r.amount, 0);
    if (given !== refundTotal) {
      throw new AppException('REFUND_MISMATCH', HttpStatus.BAD_REQUEST, {
        given: formatPiasters(given),
        total: formatPiasters(refundTotal),
      });
    }
    if (refunds.length) {
      const [{ n }] = await m.query(
        `SELECT count(*)::int AS n FROM payment_methods WHERE id = ANY($1) AND active AND type NOT IN ('credit', 'installment')`,
        [[...new Set(refunds.map((r) => r.methodId))]],
      );
      if (n !== new Set(refunds.map((r) => r.methodId)).size)
        throw new AppException('PAYMENT_METHOD_INVALID', HttpStatus.BAD_REQUEST);
      await m.query(
        `INSERT INTO sale_payments (id, invoice_id, method_id, amount, kind, return_id, shift_id, branch_id)
         SELECT id, $2, mid, amt, 'refund', $5, $6, $7 FROM unnest($1::uuid[], $3::uuid[], $4::bigint[]) AS t(id, mid, amt)`,
        [
          refunds.map(() => uuidv7()),
          invoiceId,
          refunds.map((r) => r.methodId),
          refunds.map((r) => r.amount),
          dto.id,
          shift.id,
          invoice.branch_id,
        ],
      );
    }
    await m.query(
      `INSERT INTO sale_return_lines (id, return_id, sale_line_id, quantity, amount, vat_amount)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::numeric[], $5::bigint[], $6::bigint[])`,
      [
        returned.map(() => uuidv7()),
        returned.map(() => dto.id),
        returned.map((r) => r.saleLineId),
        returned.map((r) => r.quantity),
        returned.map((r) => r.amount),
        returned.map((r) => r.vat),
      ],
    );
    await m.query(
      'UPDATE sale_returns SET total = $2, cost_total = $3, credit_reduction = $4 WHERE id = $1',
      [dto.id, total, costTotal, creditReduction],
    );
    const [{ open }] = await m.query(
      'SELECT count(*) FILTER (WHERE returned_quantity < quantity)::int AS open FROM sale_lines WHERE invoice_id = $1',
      [invoiceId],
    );
    await m.query(
      `UPDATE sales_invoices SET status = $2, returned_total = returned_total + $3 WHERE id = $1`,
      [invoiceId, open === 0 ? 'returned' : 'partially_returned', total],
    );
    const changes = await this.ledger.apply(
      m,
      returned.map((r) => ({
        variantId: r.variantId,
        inventoryId: invoice.inventory_id,
        quantity: r.quantity,
        reason: 'return' as const,
        referenceType: 'return',
        referenceId: dto.id,
        unitCost: r.unitCost,
        userId: user.id,
      })),
    );
    tx.audit({
      action: 'sale.return',
      entity: 'sale',
      entityId: invoiceId,
      after: { returnId: dto.id, number, total, creditReduction, lines: returned },
    });
    await tx.raise('sale.returned', {
      returnId: dto.id,
      saleId: invoiceId,
      number,
      branchId: invoice.branch_id,
      shiftId: shift.id,
      customerId: invoice.customer_id,
      total,
      vat: returned.reduce((sum, r) => sum + r.vat, 0),
      costTotal,
      stockValue: netValueChange(changes),
      creditReduction,
      ...(cod ? { cod: true } : {}),
      refunds: refunds.map((r) => ({ methodId: r.methodId, amount: r.amount })),
    });
    await pushStockEvents(tx, changes);
    return { returnId: dto.id, created: true };
  }

  private async cashMethod(m: EntityManager): Promise<string> {
    const [row] = await m.query(
      `SELECT id FROM payment_methods WHERE type = 'cash' AND active ORDER BY sort_order LIMIT 1`,
    );
    if (!row) throw new AppException('PAYMENT_METHOD_INVALID', HttpStatus.BAD_REQUEST);
    return row.id;
  }
}
