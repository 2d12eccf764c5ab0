// Cheques: received from customers and issued to vendors, their flow (deposit, clear, bounce,
// cancel) with the parties' ledgers, the bank vaults and the books; and /Transactions, the one
// read-only list of every money movement. Other contexts import only from here.
export { ChequesModule } from './cheques.module';
export { ChequeEntity, ChequeEventEntity } from './entities/cheque.entities';
export { findDueCheques } from './queries/due-cheques';
export { BounceChequeCommand } from './commands/bounce-cheque/bounce-cheque.command';
export { BounceChequeHandler } from './commands/bounce-cheque/bounce-cheque.handler';
export { CancelChequeCommand } from './commands/cancel-cheque/cancel-cheque.command';
export { CancelChequeHandler } from './commands/cancel-cheque/cancel-cheque.handler';
export { ClearChequeCommand } from './commands/clear-cheque/clear-cheque.command';
export { ClearChequeHandler } from './commands/clear-cheque/clear-cheque.handler';
export { DepositChequeCommand } from './commands/deposit-cheque/deposit-cheque.command';
export { DepositChequeHandler } from './commands/deposit-cheque/deposit-cheque.handler';
export { RecordChequeCommand } from './commands/record-cheque/record-cheque.command';
export { RecordChequeHandler } from './commands/record-cheque/record-cheque.handler';
export { ChequePostJournalHandler } from './events/on-cheque-events.post-journal.handler';
