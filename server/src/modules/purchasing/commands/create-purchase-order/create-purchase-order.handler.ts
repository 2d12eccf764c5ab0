import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import {
  assertVendorActive,
  orderInventory,
  prepareLines,
  writeOrder,
} from '../../services/purchase-order-rules';
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
    const inventory = await orderInventory(tx.m, dto.inventoryId, user);
    await assertVendorActive(tx.m, [dto.vendorId]);
    const lines = await prepareLines(tx.m, dto.lines, user);
    return writeOrder(tx, {
      vendorId: dto.vendorId,
      inventory,
      expectedDate: dto.expectedDate,
      note: dto.note,
      lines,
      user,
    });
  }
}
