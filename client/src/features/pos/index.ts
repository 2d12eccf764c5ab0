// Point of sale: the selling screen (/POS) — scanning, cart, split payment, parked carts,
// receipts, returns by scanning a receipt. Invoices, shifts and reports live in features/sales.
import { lazyPage } from '../../shared/lib/lazyPage';

export const pages = {
  POS: lazyPage(() => import('./components/PosPage'), ['pos']),
};
