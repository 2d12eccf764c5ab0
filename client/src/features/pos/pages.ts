// Point of sale: the selling screen (/POS) — scanning, cart, split payment, parked carts,
// receipts, returns by scanning a receipt. Invoices, shifts and reports live in features/sales.
import { lazyPage, prefetchQuiet } from '../../shared/lib/lazyPage';

export const pages = {
  POS: lazyPage(() => import('./components/PosPage'), {
    namespaces: ['pos'],
    // The open shift decides what the page shows first (the open-shift panel or the till).
    early: ['/Shift/current'],
    // From the page's own chunk: importing the sales feature's index here would load everything
    // it re-exports (receipts, the return dialog) with the till.
    prefetch: (queryClient) =>
      import('./components/PosPage').then(({ currentShiftQuery }) =>
        prefetchQuiet(queryClient, currentShiftQuery),
      ),
  }),
};
