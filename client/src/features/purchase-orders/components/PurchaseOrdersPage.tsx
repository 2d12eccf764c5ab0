import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ordersHref, purchaseOrdersTab } from '../lib/status';
import { PurchaseOrderDetail } from './PurchaseOrderDetail';
import { PurchaseOrdersList } from './PurchaseOrdersList';
import { ReorderSuggestion } from './ReorderSuggestion';

/**
 * Purchase orders inside /buy (BuyRoute mounts this page for `?tab=orders|reorder`): the list
 * (`?tab=orders`), one order (`&order=<id>`) and the reorder suggestion (`?tab=reorder`), with tabs
 * between the two parts (docs/decisions/, "Purchase orders live in /buy").
 */
export default function PurchaseOrdersPage() {
  const { t } = useTranslation('purchase-orders');
  const [params] = useSearchParams();
  const tab = purchaseOrdersTab(params) ?? 'orders';
  const order = params.get('order');
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
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
