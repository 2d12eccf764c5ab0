// Cheques (/Checks) and the list of every money movement (/Transactions).
import { lazy } from 'react';

export const pages = {
  Checks: lazy(() => import('./components/ChecksPage')),
  Transactions: lazy(() => import('./components/TransactionsPage')),
};
