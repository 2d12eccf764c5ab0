import { DateRangeFilter } from '../../../shared/ui/DateField';
import { ListPage, StatusBadge, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPiasters, routePath, type SaleDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { moneyColumn, type Column } from '../../../shared/ui/DataTable';
import { SelectFilter, LookupFilter } from '../../../shared/ui/FilterBar';
import { RowLink } from '../../../shared/ui/RowLink';
import { sessionUserState } from '../../../shared/state';
import { useBranchOptions } from '../../branches';
import { useCan } from '../../../shared/state/useCan';
import { customerKeys, customersApi, type CustomerSearchHit } from '../../customers';
import { methodName, salesApi, salesKeys, usePaymentMethods } from '../api/sales.api';
import { formatDateTime } from '../../../shared/ui/print';
import { storeDayEnd, storeDayStart } from '../../../shared/lib/store-days';

export function StatusChip({ status }: { status: SaleDto['status'] }) {
  const { t } = useTranslation('sales');
  const color = status === 'completed' ? 'success' : status === 'returned' ? 'error' : 'warning';
  return <StatusBadge variant="outlined" color={color} label={t(`status.${status}`)} />;
}

/** Distinct cashiers seen in the shifts list (mine, or the branch's with view_all_shifts). */
export function useCashierOptions() {
  const shifts = useQuery({
    queryKey: salesKeys.shifts({ pageSize: 200 }),
    queryFn: () => salesApi.shifts({ page: 1, pageSize: 200 }),
    staleTime: 60_000,
  });
  return useMemo(() => {
    const map = new Map<string, string>();
    for (const s of shifts.data?.rows ?? []) map.set(s.cashierId, s.cashierName);
    return [...map].map(([id, name]) => ({ id, name }));
  }, [shifts.data]);
}

/** /invoices: filters (branch for who may see every branch), totals (can_see_invoices_totals), profit (can_see_profit). */
export default function InvoicesPage() {
  const { t, i18n } = useTranslation('sales');
  const can = useCan();
  const user = useAtomValue(sessionUserState);
  // The server scopes others to their own branch and ignores branchId for them.
  const canBranches = !!user?.isAdmin || can('can_see_branches');
  const branches = useBranchOptions(canBranches);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // A drill-down (the performance page's employee) opens the list filtered by ?cashierId, its
  // ?cashierName (that cashier may be missing from the shifts seen here), ?branchId, ?from and ?to.
  const linkedCashier = params.get('cashierId')
    ? { id: params.get('cashierId') ?? '', name: params.get('cashierName') ?? '' }
    : null;
  const shiftId = params.get('shiftId') ?? undefined;
  const canDates = can('can_use_date_filter');
  const showProfit = can('can_see_profit');
  const [customer, setCustomer] = useState<CustomerSearchHit | null>(null);
  const filter = useListState({
    q: '',
    branchId: params.get('branchId') ?? '',
    cashierId: linkedCashier?.id ?? '',
    methodId: '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  });
  const { values, set } = filter;
  const { q, branchId, from, to, ...rest } = filter.params;
  const methods = usePaymentMethods(false);
  const seenCashiers = useCashierOptions();
  const cashiers =
    linkedCashier && !seenCashiers.some((c) => c.id === linkedCashier.id)
      ? [...seenCashiers, linkedCashier]
      : seenCashiers;

  const list = usePagedList({
    paging: filter.paging,
    params: {
      number: q,
      customerId: customer?.id,
      ...rest,
      ...(canBranches && branchId ? { branchId } : {}),
      shiftId,
      // store business days (YYYY-MM-DD) → the start and end of those days in its time zone
      ...(canDates && from ? { from: storeDayStart(from) } : {}),
      ...(canDates && to ? { to: storeDayEnd(to) } : {}),
    },
    queryKey: salesKeys.invoices,
    fetch: salesApi.invoices,
  });

  const columns: Column<SaleDto>[] = [
    {
      key: 'number',
      header: t('invoices.number'),
      ltr: true,
      render: (s) => <RowLink to={routePath('invoices-id', { id: s.id })}>{s.number}</RowLink>,
    },
    { key: 'date', header: t('invoices.date'), render: (s) => formatDateTime(s.createdAt) },
    {
      key: 'customer',
      header: t('invoices.customer'),
      render: (s) => s.customerName ?? t('invoices.walkIn'),
    },
    { key: 'cashier', header: t('invoices.cashier'), render: (s) => s.cashierName },
    {
      key: 'status',
      header: t('invoices.status'),
      render: (s) => <StatusChip status={s.status} />,
    },
    moneyColumn('total', t('invoices.total'), (s) => s.total),
    moneyColumn('due', t('invoices.due'), (s) => (s.dueAmount > 0 ? s.dueAmount : null)),
    moneyColumn('profit', t('invoices.profit'), (s) => s.profit, { hidden: !showProfit }),
  ];

  return (
    <ListPage
      title={t('invoices.title')}
      actions={
        list.data?.totalAmount !== null &&
        list.data?.totalAmount !== undefined && (
          <Typography sx={{ fontWeight: 700 }} data-testid="invoices-total-amount">
            {t('invoices.totalAmount', { amount: formatPiasters(list.data.totalAmount) })}
          </Typography>
        )
      }
      above={
        <Stack direction="row" sx={{ gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label={t('filters.number')}
            value={values.q}
            onChange={(e) => set('q')(e.target.value)}
            slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'filter-number' } }}
          />
          <LookupFilter
            value={customer}
            onChange={filter.paging.withReset(setCustomer)}
            label={t('filters.customer')}
            noOptionsText={t('filters.noCustomer')}
            queryKey={customerKeys.search}
            search={customersApi.search}
          />
          {canBranches && (
            <SelectFilter
              label={t('filters.branch')}
              value={branches.data ? values.branchId : ''}
              onChange={set('branchId')}
              allLabel={t('filters.allBranches')}
              options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
              minWidth={160}
              displayEmpty
            />
          )}
          <SelectFilter
            {...filter.select('cashierId', t('filters.cashier'), 160)}
            allLabel={t('filters.all')}
            options={cashiers.map((c) => ({ value: c.id, label: c.name }))}
          />
          <SelectFilter
            {...filter.select('methodId', t('filters.method'), 150)}
            allLabel={t('filters.all')}
            options={(methods.data ?? []).map((m) => ({
              value: m.id,
              label: methodName(m, i18n.language),
            }))}
          />
          {canDates && (
            <DateRangeFilter
              {...filter.dates}
              labels={[t('filters.from'), t('filters.to')]}
              testId="filter"
            />
          )}
        </Stack>
      }
      query={list}
      paging={filter.paging}
      columns={columns}
      rowTestId="invoice-row"
      onRowClick={(s) => navigate(routePath('invoices-id', { id: s.id }))}
      emptyText={t('invoices.empty')}
    />
  );
}
