// Accounting: the chart of accounts (/AccountingTree), the journal (/JournalEntries, a manual
// entry at /JournalEntries/new) and the trial balance (/Reports/TrialBalance).
import { lazyPage } from '../../shared/lib/lazyPage';

export const pages = {
  AccountingTree: lazyPage(() => import('./components/AccountingTreePage'), { namespaces: ['accounting'] }),
  JournalEntries: lazyPage(() => import('./components/JournalEntriesPage'), { namespaces: ['accounting'] }),
  'JournalEntries-new': lazyPage(() => import('./components/NewJournalEntryPage'), { namespaces: ['accounting'] }),
  TrialBalance: lazyPage(() => import('./components/TrialBalancePage'), { namespaces: ['accounting'] }),
};
