import { ListPage, StatusBadge, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DELIVERY_STATUSES,
  formatPiasters,
  routePath,
  type DeliveryOrderDto,
  type DeliveryStatus,
  type DriverBalanceDto,
} from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { newId } from '../../../shared/lib/ids';
import { useLiveEvent } from '../../../shared/realtime';
import { useCan } from '../../../shared/state/useCan';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { moneyColumn, type Column } from '../../../shared/ui/DataTable';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useConfirmedMutation } from '../../../shared/ui/useCrudMutation';
import { actionsColumn, dateColumn, optionsOf } from '../../../shared/ui/listColumns';
import { deliveryApi, deliveryKeys, mapLink } from '../api/delivery.api';
import { DeliveryActions } from './DeliveryActions';

export const STATUS_COLOR: Record<
  DeliveryStatus,
  'default' | 'primary' | 'success' | 'error' | 'warning'
> = {
  pending: 'default',
  assigned: 'primary',
  out_for_delivery: 'warning',
  delivered: 'success',
  failed: 'error',
  returned: 'error',
};

export function StatusChip({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation('delivery');
  return (
    <StatusBadge
      color={STATUS_COLOR[status]}
      label={t(`statuses.${status}`)}
      testId="delivery-status"
    />
  );
}

/**
 * /Delivery: the branch's delivery orders by status with their next moves, what each driver owes
 * and the settlement (vault keepers); `?mine=1` is the driver's own phone-sized list.
 */
export default function DeliveryPage() {
  const [params] = useSearchParams();
  return params.get('mine') === '1' ? <DriverOrders /> : <DeliveryOrders />;
}

function DeliveryOrders() {
  const { t } = useTranslation('delivery');
  const navigate = useNavigate();
  const can = useCan();
  const filter = useListState({ q: '', status: '' });
  const list = usePagedList({
    ...filter,
    queryKey: deliveryKeys.list,
    fetch: deliveryApi.list,
    live: 'delivery.changed',
  });

  const columns: Column<DeliveryOrderDto>[] = [
    { key: 'number', header: t('fields.number'), ltr: true, render: (o) => o.number },
    { key: 'sale', header: t('fields.invoice'), ltr: true, render: (o) => o.saleNumber },
    { key: 'customer', header: t('fields.customer'), render: (o) => o.customerName ?? '' },
    { key: 'area', header: t('fields.area'), render: (o) => o.area ?? '' },
    moneyColumn('cod', t('fields.cod'), (o) => o.codAmount),
    { key: 'driver', header: t('fields.driver'), render: (o) => o.driverName ?? '' },
    { key: 'status', header: t('fields.status'), render: (o) => <StatusChip status={o.status} /> },
    dateColumn('createdAt', t('fields.createdAt'), (o) => o.createdAt),
    actionsColumn([(o) => <DeliveryActions order={o} />]),
  ];

  return (
    <ListPage
      title={t('list.title')}
      actions={
        <Button component={RouterLink} to={`${routePath('Delivery')}?mine=1`} variant="outlined">
          {t('list.mine')}
        </Button>
      }
      above={can('can_see_vault_totals') && <DriverBalances />}
      query={list}
      paging={filter.paging}
      columns={columns}
      rowTestId="delivery-row"
      onRowClick={(o) => void navigate(routePath('Delivery-id', { id: o.id }))}
      emptyText={t('list.empty')}
      search={filter.search(t('list.search'), 'delivery-search')}
      filters={
        <SelectFilter
          {...filter.select('status', t('fields.status'), 160)}
          allLabel={t('list.all')}
          options={optionsOf(DELIVERY_STATUSES, (s) => t(`statuses.${s}`))}
        />
      }
    />
  );
}

/** What each driver owes (cash on delivery not handed in) and the settlement into the main vault. */
function DriverBalances() {
  const { t } = useTranslation('delivery');
  const balances = useQuery({ queryKey: deliveryKeys.balances, queryFn: deliveryApi.balances });
  useLiveEvent('delivery.changed', () => void balances.refetch());
  const [settleId, setSettleId] = useState(newId);
  const settle = useConfirmedMutation({
    mutationFn: (b: DriverBalanceDto, options) =>
      deliveryApi.settle({ id: settleId, driverId: b.driverId }, options),
    success: (r) => t('settle.done', { amount: formatPiasters(r.amount) }),
    invalidate: [deliveryKeys.all],
    onDone: () => setSettleId(newId()),
  });
  const settling = settle.target;
  if (!balances.data?.length) return null;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 1.5 }} data-testid="driver-balances">
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('settle.title')}
      </Typography>
      <Stack sx={{ gap: 1 }}>
        {balances.data.map((b) => (
          <Box
            key={b.driverId}
            sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
            data-testid="driver-balance"
          >
            <Typography sx={{ minInlineSize: 160 }}>{b.driverName}</Typography>
            <Typography data-testid="driver-owed">
              {t('settle.owes', { amount: formatPiasters(b.owed), count: b.orders })}
            </Typography>
            <Button
              size="small"
              variant="contained"
              onClick={() => settle.ask(b)}
              data-testid="driver-settle"
            >
              {t('settle.button')}
            </Button>
          </Box>
        ))}
      </Stack>
      {settling && (
        <ConfirmDialog
          title={t('settle.confirmTitle', { name: settling.driverName })}
          message={t('settle.confirm', {
            amount: formatPiasters(settling.owed),
            name: settling.driverName,
          })}
          confirmText={t('settle.button')}
          {...settle.dialogProps}
        />
      )}
    </Paper>
  );
}

/** The driver's own orders, one card each, sized for a phone. */
function DriverOrders() {
  const { t } = useTranslation('delivery');
  const query = { page: 1, pageSize: 100, mine: 'true' };
  const list = useQuery({
    queryKey: deliveryKeys.list(query),
    queryFn: () => deliveryApi.list(query),
  });
  useErrorToast(list.error);
  useLiveEvent('delivery.changed', () => void list.refetch());
  const open = (list.data?.rows ?? []).filter((o) =>
    ['assigned', 'out_for_delivery'].includes(o.status),
  );
  return (
    <Box sx={{ maxInlineSize: 480, mx: 'auto' }}>
      <PageHeader title={t('mine.title')} />
      {list.isSuccess && open.length === 0 && (
        <Typography color="text.secondary">{t('mine.empty')}</Typography>
      )}
      <Stack sx={{ gap: 1.5 }}>
        {open.map((o) => (
          <Card key={o.id} variant="outlined" data-testid="driver-order">
            <CardContent sx={{ display: 'grid', gap: 0.75 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Link
                  component={RouterLink}
                  to={routePath('Delivery-id', { id: o.id })}
                  dir="ltr"
                  sx={{ fontWeight: 700 }}
                >
                  {o.number}
                </Link>
                <StatusChip status={o.status} />
              </Box>
              <Typography>{o.customerName ?? ''}</Typography>
              <Link href={mapLink(o.address)} target="_blank" rel="noopener noreferrer">
                {o.address}
              </Link>
              <Link href={`tel:${o.phone}`} dir="ltr">
                {o.phone}
              </Link>
              <Typography sx={{ fontWeight: 700 }}>
                {t('mine.collect', { amount: formatPiasters(o.codAmount) })}
              </Typography>
              <DeliveryActions order={o} only={['dispatch', 'deliver']} size="large" />
            </CardContent>
          </Card>
        ))}
      </Stack>
    </Box>
  );
}
