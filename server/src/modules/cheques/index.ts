// Cheques: received from customers and issued to vendors, their flow (deposit, clear, bounce,
// cancel) with the parties' ledgers, the bank vaults and the books; and /Transactions, the one
// read-only list of every money movement. Other contexts import only from here.
export { ChequesModule } from './cheques.module';
export { ChequeEntity, ChequeEventEntity } from './entities/cheque.entities';
export { findDueCheques } from './queries/due-cheques';
