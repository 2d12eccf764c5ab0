import { useSearchParams } from 'react-router';
import { PurchaseOrdersPage, purchaseOrdersTab } from '../../purchase-orders';
import BuyPage from './BuyPage';

/**
 * /buy: the purchase invoice screen, or the purchase orders and the reorder suggestion for
 * `?tab=orders|reorder` (the spec's routes give purchase orders no route of their own).
 */
export default function BuyRoute() {
  const [params] = useSearchParams();
  return purchaseOrdersTab(params) ? <PurchaseOrdersPage /> : <BuyPage />;
}
