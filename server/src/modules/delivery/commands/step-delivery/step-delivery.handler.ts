import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { uuidv7 } from '../../../../core/database/ids';
import { includedVat, type DeliveryStatus } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { lockCustomer, postCustomerLedger } from '../../../customers';
import { ReturnSaleCommand, SaleWriter } from '../../../sales';
import { readStoreSettings } from '../../../settings';
import {
  assertDriver,
  insertDeliveryEvent,
  lockDelivery,
  nextDeliveryStatus,
  type DeliveryRow,
} from '../../delivery-flow';
import { StepDeliveryCommand } from './step-delivery.command';

export type StepDeliveryResult = { id: string; status: DeliveryStatus };

/**
 * StepDelivery: the order is locked, the move checked against DELIVERY_TRANSITIONS (409, nothing
 * written, otherwise). `assign` names a driver (a user of a driver role). `deliver` records the
 * cash on delivery the driver collected: the invoice's due part pays the customer's account and
 * the books put the whole in the driver's hands (driver cash) until a settlement. `fail` and
 * `return` bring the goods back by returning the sale through the sales module's own ReturnSale
 * rules (its SaleWriter: stock back into the sale's inventory, the customer's debt lowered first,
 * the rest refunded in cash from the acting user's open shift); they need can_return_products.
 */
@CommandHandler(StepDeliveryCommand)
export class StepDeliveryHandler extends TransactionalCommandHandler<
  StepDeliveryCommand,
  StepDeliveryResult
> {
  constructor(
    runner: CommandRunner,
    private readonly returns: SaleWriter,
  ) {
    super(runner);
  }

  protected async handle(
    command: StepDeliveryCommand,
    tx: CommandTransaction,
  ): Promise<StepDeliveryResult> {
    const { m } = tx;
    const { id, dto, user } = command;
    const order = await lockDelivery(m, id, user);
    const to = nextDeliveryStatus(order, dto.action);
    const note = dto.note?.trim() || null;
    let driverId = order.driverId;
    let collected = 0;
    if (dto.action === 'assign') {
      if (!dto.driverId) throw new AppException('DELIVERY_DRIVER_INVALID', HttpStatus.BAD_REQUEST);
      await assertDriver(m, dto.driverId, order.branchId);
      driverId = dto.driverId;
    } else if (dto.action === 'deliver') {
      collected = await this.collect(tx, order, user.id);
    } else if (dto.action === 'fail' || dto.action === 'return') {
      if (!user.isAdmin && !user.permissions.includes('can_return_products'))
        throw Errors.forbidden();
      await this.bringBack(command, order, tx);
    }
    await m.query(
      `UPDATE delivery_orders SET status = $2, driver_id = $3, collected = $4, updated_at = now() WHERE id = $1`,
      [order.id, to, driverId, collected],
    );
    await insertDeliveryEvent(m, order.id, order.status, to, { driverId, userId: user.id, note });
    tx.push(order.branchId, 'delivery.changed', {
      orderId: order.id,
      number: order.number,
      status: to,
      driverId,
    });
    tx.audit({
      action: `delivery.${dto.action}`,
      entity: 'delivery',
      entityId: order.id,
      before: { status: order.status, driverId: order.driverId },
      after: { status: to, driverId, collected, note },
    });
    return { id: order.id, status: to };
  }

  /** What the driver collected: the order's cash on delivery. */
  private async collect(tx: CommandTransaction, order: DeliveryRow, userId: string) {
    const { m } = tx;
    const [sale] = await m.query(
      `SELECT i.customer_id, i.cod, i.due_amount,
              (SELECT COALESCE(sum(r.credit_reduction), 0) FROM sale_returns r WHERE r.invoice_id = i.id)::bigint AS reduced
         FROM sales_invoices i WHERE i.id = $1`,
      [order.saleId],
    );
    if (sale?.cod) return this.collectCod(tx, order, userId, sale);
    const due = order.codAmount - order.fee;
    const customerId = (sale?.customer_id as string | null) ?? null;
    if (due > 0 && customerId) {
      await lockCustomer(m, customerId);
      await postCustomerLedger(m, {
        customerId,
        type: 'payment',
        amount: -due,
        referenceType: 'delivery',
        referenceId: order.id,
        userId,
        note: order.number,
      });
    }
    if (order.codAmount > 0) {
      const { serviceVatRate } = await readStoreSettings(m);
      await tx.raise('delivery.collected', {
        orderId: order.id,
        number: order.number,
        branchId: order.branchId,
        driverId: order.driverId!,
        customerId,
        collected: order.codAmount,
        due: customerId ? due : 0,
        fee: customerId ? order.fee : order.codAmount,
        vat: includedVat(Math.min(order.fee, order.codAmount), serviceVatRate),
        userId,
      });
    }
    return order.codAmount;
  }

  /**
   * A cash-on-delivery sale (issue 30 item 21): the driver collects what the sale still leaves due
   * (after any return) and the fee; no customer's account moves. The due part stays on the COD
   * receivable and the fee joins it, until the driver's settlement brings the cash in.
   */
  private async collectCod(
    tx: CommandTransaction,
    order: DeliveryRow,
    userId: string,
    sale: { customer_id: string | null; due_amount: string; reduced: string },
  ): Promise<number> {
    const due = Math.max(0, Number(sale.due_amount) - Number(sale.reduced));
    const collected = due + order.fee;
    if (collected > 0) {
      const { serviceVatRate } = await readStoreSettings(tx.m);
      await tx.raise('delivery.collected', {
        orderId: order.id,
        number: order.number,
        branchId: order.branchId,
        driverId: order.driverId!,
        customerId: sale.customer_id,
        collected,
        due,
        fee: order.fee,
        vat: includedVat(order.fee, serviceVatRate),
        cod: true,
        userId,
      });
    }
    return collected;
  }

  private async bringBack(
    command: StepDeliveryCommand,
    order: DeliveryRow,
    tx: CommandTransaction,
  ) {
    const lines: { id: string; left: string }[] = await tx.m.query(
      `SELECT id, (quantity - returned_quantity)::text AS left FROM sale_lines
        WHERE invoice_id = $1 AND quantity > returned_quantity ORDER BY line_no`,
      [order.saleId],
    );
    if (!lines.length) return; // already returned at the counter
    await this.returns.writeReturn(
      new ReturnSaleCommand(
        order.saleId,
        {
          id: uuidv7(),
          lines: lines.map((l) => ({ saleLineId: l.id, quantity: Number(l.left) })),
          reason: `${order.number} ${command.dto.action === 'fail' ? 'failed' : 'returned'}`,
        },
        command.user,
        command.meta,
      ),
      tx,
    );
  }
}
