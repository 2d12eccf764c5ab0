import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { writeOrders } from '../../services/purchase-order-rules';
import { CreateReorderPurchaseOrdersCommand } from './create-reorder-purchase-orders.command';

@CommandHandler(CreateReorderPurchaseOrdersCommand)
export class CreateReorderPurchaseOrdersHandler extends TransactionalCommandHandler<
  CreateReorderPurchaseOrdersCommand,
  { id: string; number: string }[]
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto, user }: CreateReorderPurchaseOrdersCommand,
    tx: CommandTransaction,
  ): Promise<{ id: string; number: string }[]> {
    // One order per vendor, in the order the vendors first appear on the screen.
    const byVendor = new Map<string, ReorderLine[]>();
    for (const l of dto.lines) byVendor.set(l.vendorId, [...(byVendor.get(l.vendorId) ?? []), l]);
    const groups = [...byVendor].map(([vendorId, group]) => ({
      vendorId,
      lines: group.map(({ variantId, quantity, unitCost }) => ({ variantId, quantity, unitCost })),
    }));
    return writeOrders(tx, user, dto, groups, 'reorder');
  }
}

type ReorderLine = CreateReorderPurchaseOrdersCommand['dto']['lines'][number];
