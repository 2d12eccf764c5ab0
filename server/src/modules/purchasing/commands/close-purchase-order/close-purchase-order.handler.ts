import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { lockOrder, moveStatus } from '../../services/purchase-order-rules';
import { ClosePurchaseOrderCommand } from './close-purchase-order.command';

@CommandHandler(ClosePurchaseOrderCommand)
export class ClosePurchaseOrderHandler extends TransactionalCommandHandler<
  ClosePurchaseOrderCommand,
  void
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { id, dto, user }: ClosePurchaseOrderCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const order = await lockOrder(tx.m, id, user);
    await moveStatus(tx, order, 'close', 'closed', dto.note);
  }
}
