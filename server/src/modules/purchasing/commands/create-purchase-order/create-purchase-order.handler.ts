import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { writeOrders } from '../../services/purchase-order-rules';
import { CreatePurchaseOrderCommand } from './create-purchase-order.command';

@CommandHandler(CreatePurchaseOrderCommand)
export class CreatePurchaseOrderHandler extends TransactionalCommandHandler<
  CreatePurchaseOrderCommand,
  { id: string; number: string }
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto, user }: CreatePurchaseOrderCommand,
    tx: CommandTransaction,
  ): Promise<{ id: string; number: string }> {
    const [order] = await writeOrders(tx, user, dto, [
      { vendorId: dto.vendorId, lines: dto.lines },
    ]);
    return order;
  }
}
