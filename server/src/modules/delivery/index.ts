// Delivery: POS sales taken to the customer by a driver (pending → assigned → out for delivery →
// delivered / failed / returned), cash on delivery and its settlement into a vault. Other
// contexts import only from here.
export { DeliveryModule } from './delivery.module';
export {
  DeliveryEventEntity,
  DeliveryOrderEntity,
  DeliverySettlementEntity,
} from './entities/delivery.entities';
export { CreateDeliveryCommand } from './commands/create-delivery/create-delivery.command';
export { CreateDeliveryHandler } from './commands/create-delivery/create-delivery.handler';
export { SettleDriverCommand } from './commands/settle-driver/settle-driver.command';
export { SettleDriverHandler } from './commands/settle-driver/settle-driver.handler';
export { StepDeliveryCommand } from './commands/step-delivery/step-delivery.command';
export { StepDeliveryHandler } from './commands/step-delivery/step-delivery.handler';
export { DeliveryPostJournalHandler } from './events/on-delivery-events.post-journal.handler';
