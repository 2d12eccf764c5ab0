// Accounting: the chart of accounts, journal entries, the posting service, the trial balance.
// Other contexts import only from here. Commands never call accounting: each module's subscriber
// (its events/*.post-journal.handler.ts) queues the postings of the events it raises.
export { AccountingModule } from './accounting.module';
export {
  queuePosting,
  balanceBranches,
  normaliseLines,
  paymentAccount,
  type Posting,
  type PostingLine,
  type SystemAccount,
} from './services/posting';
export { PostingSubscriber, type EventPostings } from './services/posting-subscriber';
export { postHistory } from './services/post-history';
export { dropUnusedAccounts, openLeafAccount, renameAccount } from './services/leaf-accounts';
export { reverseSourceEntries } from './services/reversal';
export { assertOpen, bookDates } from './services/period';
