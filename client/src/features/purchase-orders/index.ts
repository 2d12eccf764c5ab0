// The purchase orders' public API: the /buy section (list, one order, reorder suggestion) the
// purchase invoice screen mounts for `?tab=orders|reorder`, and the links into it.
import { lazy } from 'react';

export { ordersHref, purchaseOrdersTab } from './lib/status';
export { VendorPicker } from './components/VendorPicker';
export const PurchaseOrdersPage = lazy(() => import('./components/PurchaseOrdersPage'));
