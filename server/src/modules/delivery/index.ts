// Delivery: POS sales taken to the customer by a driver (pending → assigned → out for delivery →
// delivered / failed / returned), cash on delivery and its settlement into a vault. Other
// contexts import only from here.
export { DeliveryModule } from './delivery.module';
export {
  DeliveryEventEntity,
  DeliveryOrderEntity,
  DeliverySettlementEntity,
} from './entities/delivery.entities';
