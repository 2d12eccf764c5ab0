import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { applyPurchaseOrderReceipt } from '../../services/purchase-order-receipt';
import { lockOrder } from '../../services/purchase-order-rules';
import { ReceivePurchaseOrderCommand } from './receive-purchase-order.command';

@CommandHandler(ReceivePurchaseOrderCommand)
export class ReceivePurchaseOrderHandler extends TransactionalCommandHandler<
  ReceivePurchaseOrderCommand,
  void
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { id, dto, user }: ReceivePurchaseOrderCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    // The user's branch rule first; the receipt itself locks the same row again (a no-op).
    await lockOrder(tx.m, id, user);
    const result = await applyPurchaseOrderReceipt(tx.m, { orderId: id, lines: dto.lines });
    tx.audit({
      action: 'purchase_order.receive',
      entity: 'purchase_order',
      entityId: id,
      before: { status: result.from },
      after: {
        status: result.to,
        number: result.number,
        lines: dto.lines,
        ...(dto.note ? { note: dto.note } : {}),
      },
    });
  }
}
