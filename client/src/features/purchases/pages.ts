// Purchases: the /buy screen (purchase invoices by scanner, posting with payment, returns).
import { lazy } from 'react';

export const pages = {
  buy: lazy(() => import('./components/BuyRoute')),
};
