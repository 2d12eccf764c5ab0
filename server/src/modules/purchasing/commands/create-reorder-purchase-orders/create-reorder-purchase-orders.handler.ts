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
    const inventory = await orderInventory(tx.m, dto.inventoryId, user);
    // One order per vendor, in the order the vendors first appear on the screen.
    const byVendor = new Map<string, ReorderLine[]>();
    for (const l of dto.lines) byVendor.set(l.vendorId, [...(byVendor.get(l.vendorId) ?? []), l]);
    await assertVendorActive(tx.m, [...byVendor.keys()]);
    const created: { id: string; number: string }[] = [];
    for (const [vendorId, group] of byVendor) {
      const lines = await prepareLines(
        tx.m,
        group.map(({ variantId, quantity, unitCost }) => ({ variantId, quantity, unitCost })),
        user,
      );
      created.push(
        await writeOrder(tx, {
          vendorId,
          inventory,
          expectedDate: dto.expectedDate,
          note: dto.note,
          lines,
          user,
          source: 'reorder',
        }),
      );
    }
    return created;
  }
}

type ReorderLine = CreateReorderPurchaseOrdersCommand['dto']['lines'][number];
