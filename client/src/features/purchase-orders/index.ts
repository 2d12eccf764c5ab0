// The purchase orders' public API: the /buy section (list, one order, reorder suggestion) the
// purchase invoice screen mounts for `?tab=orders|reorder`, and the links into it.
import { lazy } from 'react';

export { purchaseOrdersTab } from './components/PurchaseOrdersSection';
export { ordersHref } from './lib/status';
export const PurchaseOrdersSection = lazy(() => import('./components/PurchaseOrdersSection'));
export const PurchaseOrdersPage = lazy(() => import('./components/PurchaseOrdersPage'));
