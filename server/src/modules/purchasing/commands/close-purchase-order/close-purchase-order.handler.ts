import { CommandHandler } from '@nestjs/cqrs';
import { OrderStatusStepHandler } from '../order-status-step';
import { ClosePurchaseOrderCommand } from './close-purchase-order.command';

@CommandHandler(ClosePurchaseOrderCommand)
export class ClosePurchaseOrderHandler extends OrderStatusStepHandler<ClosePurchaseOrderCommand> {
  protected readonly step = { action: 'close', to: 'closed' } as const;
}
