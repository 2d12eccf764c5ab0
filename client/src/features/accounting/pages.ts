// Accounting: the chart of accounts (/AccountingTree), the journal (/JournalEntries, a manual
// entry at /JournalEntries/new) and the reports under /Reports: the trial balance, the account
// statement, the income statement and the balance sheet.
import { lazy } from 'react';

export const pages = {
  AccountingTree: lazy(() => import('./components/AccountingTreePage')),
  JournalEntries: lazy(() => import('./components/JournalEntriesPage')),
  'JournalEntries-new': lazy(() => import('./components/NewJournalEntryPage')),
  TrialBalance: lazy(() => import('./components/TrialBalancePage')),
  AccountStatement: lazy(() => import('./components/AccountStatementPage')),
  IncomeStatement: lazy(() => import('./components/IncomeStatementPage')),
  BalanceSheet: lazy(() => import('./components/BalanceSheetPage')),
};
