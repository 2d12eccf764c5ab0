import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { routePath, type ExpiringLotDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { nameLang } from '../../../shared/lib/lang';
import { useLiveEvent, useLiveResync } from '../../../shared/realtime';
import { DataTable, qtyColumn, type Column } from '../../../shared/ui/DataTable';
import { IconAction } from '../../../shared/ui/IconAction';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { RowLink } from '../../../shared/ui/RowLink';
import { expiringLotsKey, fetchExpiringLots } from '../api/inventory.api';

const rowKey = (row: ExpiringLotDto) => `${row.batchId}:${row.inventoryId}`;
const propertiesText = (p: Record<string, string>) => Object.values(p).join(' / ');

/**
 * /Products/ExpiringLots (issue 34 item 7): the branch's lots expiring within the store's window,
 * earliest first, and the expired ones apart; refreshed live by `lots.expiring` (a receipt of a
 * lot already in the window, the daily check) and after a reconnect.
 */
export default function ExpiringLotsPage() {
  const { t } = useTranslation('inventory');
  const list = useQuery({ queryKey: expiringLotsKey, queryFn: fetchExpiringLots });
  useErrorToast(list.error);
  useLiveEvent('lots.expiring', () => void list.refetch());
  useLiveResync(() => void list.refetch());
  const data = list.data;

  const columns: Column<ExpiringLotDto>[] = [
    {
      key: 'product',
      header: t('expiring.columns.product'),
      render: (row) => (
        <RowLink to={routePath('Products-id', { id: row.productId })}>
          <span lang={nameLang(row.productName)}>{row.productName}</span>
        </RowLink>
      ),
    },
    {
      key: 'properties',
      header: t('expiring.columns.properties'),
      render: (row) => propertiesText(row.properties),
    },
    { key: 'sku', header: t('expiring.columns.sku'), ltr: true, render: (row) => row.sku },
    { key: 'lot', header: t('expiring.columns.lot'), ltr: true, render: (row) => row.lot },
    {
      key: 'inventory',
      header: t('expiring.columns.inventory'),
      render: (row) => row.inventoryName,
    },
    {
      key: 'expiry',
      header: t('expiring.columns.expiry'),
      ltr: true,
      render: (row) => row.expiryDate,
    },
    {
      key: 'daysLeft',
      header: t('expiring.columns.daysLeft'),
      align: 'center',
      render: (row) => (
        <Box
          component="span"
          sx={{ fontWeight: 700, color: row.daysLeft < 0 ? 'error.main' : 'warning.main' }}
        >
          {row.daysLeft < 0
            ? t('expiring.expiredAgo', { count: -row.daysLeft })
            : t('expiring.daysLeft', { count: row.daysLeft })}
        </Box>
      ),
    },
    qtyColumn('onHand', t('expiring.columns.onHand'), (row) => row.onHand),
  ];

  return (
    <Box>
      <PageHeader
        title={t('expiring.title')}
        gap={1}
        meta={
          data && (
            <Chip
              size="small"
              color="warning"
              label={t('expiring.window', { count: data.days })}
              data-testid="expiring-window"
            />
          )
        }
        actions={
          <IconAction
            label={t('expiring.refresh')}
            icon={Refresh}
            onClick={() => void list.refetch()}
          />
        }
      />
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Typography component="h2" variant="subtitle1" sx={{ p: 1.5, fontWeight: 700 }}>
          {t('expiring.soon', { count: data?.expiring.length ?? 0 })}
        </Typography>
        <DataTable
          columns={columns}
          rows={data?.expiring ?? []}
          rowKey={rowKey}
          rowTestId="expiring-lot-row"
          ariaLabel={t('expiring.soonLabel')}
          busy={list.isFetching}
          loading={list.isLoading}
          emptyText={t('expiring.emptySoon')}
        />
      </Paper>
      <Paper variant="outlined">
        <Typography component="h2" variant="subtitle1" sx={{ p: 1.5, fontWeight: 700 }}>
          {t('expiring.expired', { count: data?.expired.length ?? 0 })}
        </Typography>
        <DataTable
          columns={columns}
          rows={data?.expired ?? []}
          rowKey={rowKey}
          rowTestId="expired-lot-row"
          ariaLabel={t('expiring.expiredLabel')}
          busy={list.isFetching}
          loading={list.isLoading}
          emptyText={t('expiring.emptyExpired')}
        />
      </Paper>
    </Box>
  );
}
