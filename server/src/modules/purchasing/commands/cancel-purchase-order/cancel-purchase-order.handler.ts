import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { lockOrder, moveStatus } from '../../services/purchase-order-rules';
import { CancelPurchaseOrderCommand } from './cancel-purchase-order.command';

@CommandHandler(CancelPurchaseOrderCommand)
export class CancelPurchaseOrderHandler extends TransactionalCommandHandler<
  CancelPurchaseOrderCommand,
  void
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { id, dto, user }: CancelPurchaseOrderCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const order = await lockOrder(tx.m, id, user);
    await moveStatus(tx, order, 'cancel', 'cancelled', dto.note);
  }
}
