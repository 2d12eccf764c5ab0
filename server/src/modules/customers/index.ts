// Customers: people who buy, with a balance that changes only through their ledger.
// Other contexts import only from here.
export { CustomersModule } from './customers.module';
export { invoiceSettledOnAccount, lockCustomer, postCustomerLedger } from './customer-ledger';
export { fillNationalId } from './customer-identity';
export { CustomerEntity, CustomerLedgerEntity } from './entities/customer.entities';
