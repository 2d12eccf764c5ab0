import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { formatPiasters, type PermissionKey } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { StockLedger } from '../../../inventory';
import { CreateSaleCommand, SaleWriter } from '../../../sales';
import { closeReservation, settleDeposit } from '../../reservation-flow';
import { releaseActive } from '../end-reservation';
import { ConvertReservationCommand } from './convert-reservation.command';

export type ConvertReservationResult = { id: string; saleId: string };

/**
 * ConvertReservation, in one transaction: active → converted (else 409); the reserved quantities
 * are released (the stock rows stay locked by this transaction, so no other cashier can take them
 * in between); the deposit is applied to the customer's account as a payment (the books move it
 * from customer deposits to the customer); then the POS sale is made by the sales module's own
 * CreateSale rules (its SaleWriter: prices, shift, stock, payments) for the customer, with what the
 * cashier takes now as its payments — what is left unpaid goes on the customer's account, where the
 * deposit already sits. The sale may leave at most the deposit unpaid (RESERVATION_UNDERPAID
 * otherwise, nothing written): within that, the sale's credit check is not the seller's to pass.
 */
@CommandHandler(ConvertReservationCommand)
export class ConvertReservationHandler extends TransactionalCommandHandler<
  ConvertReservationCommand,
  ConvertReservationResult
> {
  constructor(
    runner: CommandRunner,
    private readonly ledger: StockLedger,
    private readonly sales: SaleWriter,
  ) {
    super(runner);
  }

  protected async handle(
    { id, dto, user, meta }: ConvertReservationCommand,
    tx: CommandTransaction,
  ): Promise<ConvertReservationResult> {
    const { m } = tx;
    const { r, lines } = await releaseActive(tx, this.ledger, id, user, 'converted');
    const deposit = await settleDeposit(tx, r, 'applied', user.id);

    const permissions: PermissionKey[] = [...user.permissions, 'can_grant_credit'];
    await this.sales.writeSale(
      new CreateSaleCommand(
        {
          id: dto.saleId,
          inventoryId: r.inventoryId,
          customerId: r.customerId,
          lines: lines.map((l) => ({ variantId: l.variantId, quantity: Number(l.quantity) })),
          payments: dto.payments,
          note: r.number,
        },
        { ...user, permissions },
        meta,
      ),
      tx,
    );
    const [sale] = await m.query('SELECT due_amount FROM sales_invoices WHERE id = $1', [
      dto.saleId,
    ]);
    const due = Number(sale.due_amount);
    if (due > r.deposit)
      throw new AppException('RESERVATION_UNDERPAID', HttpStatus.BAD_REQUEST, {
        due: formatPiasters(due - r.deposit),
      });

    await closeReservation(tx, r, {
      to: 'converted',
      outcome: 'applied',
      deposit,
      userId: user.id,
      saleId: dto.saleId,
    });
    tx.audit({
      action: 'reservation.convert',
      entity: 'reservation',
      entityId: r.id,
      before: { status: r.status },
      after: { status: 'converted', saleId: dto.saleId },
    });
    return { id: r.id, saleId: dto.saleId };
  }
}
