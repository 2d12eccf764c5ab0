// Sales: the POS sale command, returns, invoice edits, invoice queries, payment methods, daily report.
// Other contexts import only from here.
export { SalesModule } from './sales.module';
export * from './entities/sales.entities';
export { CreateSaleHandler } from './commands/create-sale/create-sale.handler';
export { CreateSaleCommand } from './commands/create-sale/create-sale.command';
export { ReturnSaleHandler } from './commands/return-sale/return-sale.handler';
export { ReturnSaleCommand } from './commands/return-sale/return-sale.command';
export {
  RepairSales,
  REPAIR_LABOUR_VARIANT_ID,
  type RepairSaleInput,
} from './services/repair-sale';
