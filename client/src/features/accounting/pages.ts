// Accounting: the chart of accounts (/AccountingTree), the journal (/JournalEntries, a manual
// entry at /JournalEntries/new) and the trial balance (/Reports/TrialBalance).
import { lazy } from 'react';

export const pages = {
  AccountingTree: lazy(() => import('./components/AccountingTreePage')),
  JournalEntries: lazy(() => import('./components/JournalEntriesPage')),
  'JournalEntries-new': lazy(() => import('./components/NewJournalEntryPage')),
  TrialBalance: lazy(() => import('./components/TrialBalancePage')),
};
