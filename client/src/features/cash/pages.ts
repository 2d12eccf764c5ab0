// Cash: the vaults and bank accounts (/Vault, movements with the running balance) and the money
// transactions (/MoneyTransactions: deposits, withdrawals, transfers confirmed live by the
// receiving branch, owner's capital and drawings, card/wallet settlements, printed vouchers).
import { lazy } from 'react';

export const pages = {
  Vault: lazy(() => import('./components/VaultPage')),
  MoneyTransactions: lazy(() => import('./components/MoneyTransactionsPage')),
};
