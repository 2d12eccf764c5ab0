// Sales: the POS sale command, returns, invoice edits, invoice queries, payment methods, daily report.
// Other contexts import only from here.
export { SalesModule } from './sales.module';
export * from './entities/sales.entities';
