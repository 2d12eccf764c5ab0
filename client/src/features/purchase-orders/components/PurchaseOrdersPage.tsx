import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import PurchaseOrdersSection from './PurchaseOrdersSection';

/**
 * /buy as this feature registers it: the purchase orders and the reorder suggestion. When the
 * purchase invoice screen lands on /buy, it mounts PurchaseOrdersSection for `?tab=orders|reorder`
 * and this page is no longer registered (docs/decisions/, "Purchase orders live in /buy").
 */
export default function PurchaseOrdersPage() {
  const { t } = useTranslation('purchase-orders');
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <PurchaseOrdersSection />
    </>
  );
}
