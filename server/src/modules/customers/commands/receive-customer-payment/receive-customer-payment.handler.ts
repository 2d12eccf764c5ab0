import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { lockCustomer, postCustomerLedger } from '../../customer-ledger';
import { ReceiveCustomerPaymentCommand } from './receive-customer-payment.command';

export type ReceiveCustomerPaymentResult = { created: boolean };

/**
 * ReceiveCustomerPayment: lowers the balance through the ledger; cash goes into the cashier's
 * open shift (its expected cash). A payment id seen before for the same customer is a retry.
 */
@CommandHandler(ReceiveCustomerPaymentCommand)
export class ReceiveCustomerPaymentHandler extends TransactionalCommandHandler<
  ReceiveCustomerPaymentCommand,
  ReceiveCustomerPaymentResult
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  override async execute(
    command: ReceiveCustomerPaymentCommand,
  ): Promise<ReceiveCustomerPaymentResult> {
    const [done] = await this.runner.manager.query(
      'SELECT customer_id FROM customer_ledger WHERE id = $1',
      [command.dto.id],
    );
    if (done) {
      if (done.customer_id !== command.customerId)
        throw new AppException('SALE_ID_CONFLICT', HttpStatus.CONFLICT);
      return { created: false };
    }
    return super.execute(command);
  }

  protected async handle(
    { customerId, dto, user }: ReceiveCustomerPaymentCommand,
    tx: CommandTransaction,
  ): Promise<ReceiveCustomerPaymentResult> {
    const { m } = tx;
    await lockCustomer(m, customerId);
    const [method] = await m.query(
      `SELECT id FROM payment_methods WHERE id = $1 AND active AND type NOT IN ('credit', 'installment')`,
      [dto.methodId],
    );
    if (!method) throw new AppException('PAYMENT_METHOD_INVALID', HttpStatus.BAD_REQUEST);
    const [shift] = await m.query(
      `SELECT id FROM shifts WHERE cashier_id = $1 AND status = 'open'`,
      [user.id],
    );
    const balanceAfter = await postCustomerLedger(m, {
      id: dto.id,
      customerId,
      type: 'payment',
      amount: -dto.amount,
      referenceType: 'payment',
      methodId: dto.methodId,
      shiftId: shift?.id ?? null,
      userId: user.id,
      note: dto.note ?? null,
    });
    await tx.raise('customer.payment.received', {
      paymentId: dto.id,
      customerId,
      branchId: user.branchId ?? null,
      methodId: dto.methodId,
      amount: dto.amount,
      shiftId: shift?.id ?? null,
      balanceAfter,
    });
    tx.audit({ action: 'customer.payment', entity: 'customer', entityId: customerId, after: dto });
    return { created: true };
  }
}
