import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ordersHref } from '../lib/status';
import { PurchaseOrderDetail } from './PurchaseOrderDetail';
import { PurchaseOrdersList } from './PurchaseOrdersList';
import { ReorderSuggestion } from './ReorderSuggestion';

/** Which part of /buy is the purchase orders' (`?tab=orders|reorder`), or null for the invoice screen. */
export const purchaseOrdersTab = (params: URLSearchParams): 'orders' | 'reorder' | null => {
  const tab = params.get('tab');
  return tab === 'orders' || tab === 'reorder' ? tab : null;
};

/**
 * Purchase orders inside /buy: the list (`?tab=orders`), one order (`&order=<id>`) and the reorder
 * suggestion (`?tab=reorder`), with tabs between the two parts.
 */
export default function PurchaseOrdersSection() {
  const { t } = useTranslation('purchase-orders');
  const [params] = useSearchParams();
  const tab = purchaseOrdersTab(params) ?? 'orders';
  const order = params.get('order');
  return (
    <Box>
      <Tabs value={tab} sx={{ mb: 1.5 }} aria-label={t('title')}>
        <Tab
          value="orders"
          label={t('tabs.orders')}
          component={RouterLink}
          to={ordersHref()}
          data-testid="po-tab-orders"
        />
        <Tab
          value="reorder"
          label={t('tabs.reorder')}
          component={RouterLink}
          to={ordersHref({ tab: 'reorder' })}
          data-testid="po-tab-reorder"
        />
      </Tabs>
      {tab === 'reorder' ? (
        <ReorderSuggestion />
      ) : order ? (
        <PurchaseOrderDetail key={order} id={order} />
      ) : (
        <PurchaseOrdersList />
      )}
    </Box>
  );
}
