// Purchase orders and the reorder suggestion, inside /buy (the spec's routes have no route of their
// own for them: docs/decisions.md). Only the page registry imports this file.
import { lazy } from 'react';

export const pages = {
  buy: lazy(() => import('./components/PurchaseOrdersPage')),
};
