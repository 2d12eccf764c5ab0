// Transfers: requests to move stock between inventories (draft → requested → approved → shipped →
// received), with reservations at the source and ledger movements out and in. Others import only this.
export { TransfersModule } from './transfers.module';
export {
  TransferRequestEntity,
  TransferRequestLineEntity,
  TransferRequestEventEntity,
} from './entities/transfer.entities';
