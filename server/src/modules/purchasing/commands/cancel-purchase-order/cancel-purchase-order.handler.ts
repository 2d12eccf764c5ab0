import { CommandHandler } from '@nestjs/cqrs';
import { OrderStatusStepHandler } from '../order-status-step';
import { CancelPurchaseOrderCommand } from './cancel-purchase-order.command';

@CommandHandler(CancelPurchaseOrderCommand)
export class CancelPurchaseOrderHandler extends OrderStatusStepHandler<CancelPurchaseOrderCommand> {
  protected readonly step = { action: 'cancel', to: 'cancelled' } as const;
}
