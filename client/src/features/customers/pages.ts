// Customers: list with normalised search, create/edit, and each customer's balance, ledger
// (sales on account, returns, payments) and payments on account (at the till or into a vault);
// /Customers/Debts ages what each owes. The POS picks and quick-adds them.
import { lazy } from 'react';

export const pages = {
  Customers: lazy(() => import('./components/CustomersPage')),
  'Customers-id': lazy(() => import('./components/CustomerPage')),
  'Customers-Debts': lazy(() => import('./components/CustomerDebtsPage')),
};
