// Accounting: the chart of accounts, journal entries, automatic postings from domain events
// (events/), the trial balance. Other contexts import only from here; money modules post by
// raising domain events, never by calling accounting.
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
export { postHistory } from './services/post-history';
export { dropUnusedAccounts, openLeafAccount, renameAccount } from './services/leaf-accounts';
export { reverseSourceEntries } from './services/reversal';
export { assertOpen, bookDates } from './services/period';
