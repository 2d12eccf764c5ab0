// Customers: list with normalised search, create/edit, and each customer's balance, ledger
// (sales on account, returns, payments) and payments on account. The POS picks and quick-adds them.
import { lazy } from 'react';

export const pages = {
  Customers: lazy(() => import('./components/CustomersPage')),
  'Customers-id': lazy(() => import('./components/CustomerPage')),
};
