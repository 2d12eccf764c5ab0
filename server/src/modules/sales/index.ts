// Sales: the POS sale command, returns, invoice edits, invoice queries, payment methods, daily report.
// Other contexts import only from here.
export { SalesModule } from './sales.module';
export * from './entities/sales.entities';
export { CreateSaleCommand } from './commands/create-sale/create-sale.command';
export { ReturnSaleCommand } from './commands/return-sale/return-sale.command';
// The one writer of sales and returns, for the commands that sell or take back inside their own
// transaction (reservations, delivery).
export { SaleWriter, type ReturnSaleResult } from './services/sale-writer';
export {
  RepairSales,
  REPAIR_LABOUR_VARIANT_ID,
  type RepairSaleInput,
} from './services/repair-sale';
export { CreateSaleHandler } from './commands/create-sale/create-sale.handler';
export { SalePostJournalHandler } from './events/on-sale-events.post-journal.handler';
export { PaymentMethodEntity } from './entities/sales.entities';
export { devicePaymentMethods } from './queries/device-payment-methods.queries';
