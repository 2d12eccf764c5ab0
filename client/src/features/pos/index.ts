// Point of sale: the selling screen (/POS) — scanning, cart, split payment, parked carts,
// receipts, returns by scanning a receipt. Invoices, shifts and reports live in features/sales.
import { lazy } from 'react';

export const pages = {
  POS: lazy(() => import('./components/PosPage')),
};
