import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { PURCHASE_ORDER_STATUSES, type PurchaseOrderResponseDto } from '@pos/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDay } from '../../../shared/lib/format';
import { formatQuantity } from '../../../shared/lib/money';
import { useCan } from '../../../shared/state/useCan';
import { moneyColumn, type Column } from '../../../shared/ui/DataTable';
import { dateColumn, statusColumn } from '../../../shared/ui/listColumns';
import { SearchField } from '../../../shared/ui/FilterBar';
import { AddButton } from '../../../shared/ui/PageHeader';
import { PagedTable, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import {
  purchaseOrderKeys,
  purchaseOrdersApi,
  type PurchaseOrderListQuery,
} from '../api/purchaseOrders.api';
import { ordersHref, STATUS_COLORS } from '../lib/status';
import { PurchaseOrderFormDialog } from './PurchaseOrderFormDialog';

/** The purchase orders of the user's branch (every branch with can_see_branches): by status, searchable. */
export function PurchaseOrdersList() {
  const { t } = useTranslation('purchase-orders');
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { paging, values, params, set, search } = useListState({ status: '', q: '' });
  const [creating, setCreating] = useState(false);
  const list = usePagedList({
    paging,
    params: params as Omit<PurchaseOrderListQuery, 'page' | 'pageSize'>,
    queryKey: purchaseOrderKeys.list,
    fetch: purchaseOrdersApi.list,
  });
  const showCost = can('can_see_buy_price');
  const columns: Column<PurchaseOrderResponseDto>[] = [
    {
      key: 'number',
      header: t('fields.number'),
      ltr: true,
      render: (o) => (
        <Link
          component={RouterLink}
          to={ordersHref({ order: o.id })}
          underline="hover"
          sx={{ fontWeight: 600 }}
        >
          {o.number}
        </Link>
      ),
    },
    { key: 'vendor', header: t('fields.vendor'), render: (o) => o.vendorName },
    {
      key: 'inventory',
      header: t('fields.inventory'),
      render: (o) => `${o.inventoryName} — ${o.branchName}`,
    },
    statusColumn(t('fields.status'), STATUS_COLORS, (s) => t(`status.${s}`)),
    { key: 'lines', header: t('fields.lines'), align: 'center', render: (o) => o.lineCount },
    {
      key: 'received',
      header: t('fields.receivedOfOrdered'),
      align: 'center',
      render: (o) => `${formatQuantity(o.receivedQuantity)} / ${formatQuantity(o.orderedQuantity)}`,
    },
    moneyColumn('total', t('fields.total'), (o) => o.total, { hidden: !showCost }),
    { key: 'expected', header: t('fields.expectedDate'), render: (o) => formatDay(o.expectedDate) },
    dateColumn('created', t('fields.createdAt'), (o) => o.createdAt),
  ];

  return (
    <Box>
      <PagedTable
        query={list}
        paging={paging}
        pageSizeOptions={[25, 50, 100]}
        columns={columns}
        rowTestId="po-row"
        rowProps={(o) => ({ 'data-number': o.number, 'data-status': o.status })}
        ariaLabel={t('list.title')}
        emptyText={t('list.empty')}
        filters={
          <>
            <SearchField {...search(t('list.search'), 'po-search', 220)!} />
            <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', flexGrow: 1 }}>
              {(['', ...PURCHASE_ORDER_STATUSES] as const).map((s) => (
                <Chip
                  key={s || 'all'}
                  label={t(s ? `status.${s}` : 'status.all')}
                  color={values.status === s ? 'primary' : 'default'}
                  variant={values.status === s ? 'filled' : 'outlined'}
                  onClick={() => set('status')(s)}
                  data-testid={`po-status-${s || 'all'}`}
                />
              ))}
            </Stack>
            <AddButton onClick={() => setCreating(true)} testId="po-new" label={t('list.new')} />
          </>
        }
      />
      {creating && (
        <PurchaseOrderFormDialog
          onClose={() => setCreating(false)}
          onSaved={(o) => {
            setCreating(false);
            void queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.all });
            navigate(ordersHref({ order: o.id }));
          }}
        />
      )}
    </Box>
  );
}
