// Customers: people who buy, with a balance that changes only through their ledger.
// Other contexts import only from here.
export { CustomersModule } from './customers.module';
export {
  allocateCustomerCredit,
  invoiceSettledOnAccount,
  lockCustomer,
  postCustomerLedger,
  releaseCustomerCredit,
} from './customer-ledger';
export { fillNationalId } from './customer-identity';
export { CustomerEntity, CustomerLedgerEntity } from './entities/customer.entities';
export { ReceiveCustomerPaymentCommand } from './commands/receive-customer-payment/receive-customer-payment.command';
export { ReceiveCustomerPaymentHandler } from './commands/receive-customer-payment/receive-customer-payment.handler';
export { CustomerPostJournalHandler } from './events/on-customer-events.post-journal.handler';
export { deviceCustomersCount, deviceCustomersPage } from './queries/device-customers.queries';
