import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPiasters, routePath, type SaleDto } from '@pos/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import type { Column } from '../../../shared/ui/DataTable';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { usePaging } from '../../../shared/ui/usePaging';
import { RowLink } from '../../../shared/ui/RowLink';
import { PagedTable } from '../../../shared/ui/PagedTable';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { sessionUserState } from '../../../shared/state';
import { useBranchOptions } from '../../branches';
import { useCan } from '../../../shared/state/useCan';
import { CustomerSearchField, type CustomerSearchHit } from '../../customers';
import {
  methodName,
  salesApi,
  salesKeys,
  usePaymentMethods,
  type InvoiceListQuery,
} from '../api/sales.api';
import { formatDateTime } from '../../../shared/ui/print';
import { storeDayEnd, storeDayStart } from '../../../shared/lib/store-days';
import { DateField } from '../../../shared/ui/DateField';

/** A store business day (YYYY-MM-DD) → the start or end of that day in the store time zone, as ISO. */
const dayStart = (d: string) => (d ? storeDayStart(d) : undefined);
const dayEnd = (d: string) => (d ? storeDayEnd(d) : undefined);

export function StatusChip({ status }: { status: SaleDto['status'] }) {
  const { t } = useTranslation('sales');
  const color = status === 'completed' ? 'success' : status === 'returned' ? 'error' : 'warning';
  return <Chip size="small" variant="outlined" color={color} label={t(`status.${status}`)} />;
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

export function CustomerFilter({
  value,
  onChange,
}: {
  value: CustomerSearchHit | null;
  onChange: (c: CustomerSearchHit | null) => void;
}) {
  const { t } = useTranslation('sales');
  return (
    <CustomerSearchField
      value={value}
      onChange={onChange}
      label={t('filters.customer')}
      noOptionsText={t('filters.noCustomer')}
      sx={{ minInlineSize: 200 }}
    />
  );
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
  const [branchId, setBranchId] = useState(params.get('branchId') ?? '');
  const linkedCashier = params.get('cashierId')
    ? { id: params.get('cashierId') ?? '', name: params.get('cashierName') ?? '' }
    : null;
  const shiftId = params.get('shiftId') ?? undefined;
  const canDates = can('can_use_date_filter');
  const showProfit = can('can_see_profit');
  const [number, setNumber] = useState('');
  const [customer, setCustomer] = useState<CustomerSearchHit | null>(null);
  const [cashierId, setCashierId] = useState(linkedCashier?.id ?? '');
  const [methodId, setMethodId] = useState('');
  const [from, setFrom] = useState(params.get('from') ?? '');
  const [to, setTo] = useState(params.get('to') ?? '');
  const paging = usePaging();
  const numberQ = useDebouncedValue(number.trim(), 300);
  const filter = paging.withReset;
  const methods = usePaymentMethods(false);
  const seenCashiers = useCashierOptions();
  const cashiers =
    linkedCashier && !seenCashiers.some((c) => c.id === linkedCashier.id)
      ? [...seenCashiers, linkedCashier]
      : seenCashiers;

  const query: InvoiceListQuery = {
    page: paging.page + 1,
    pageSize: paging.pageSize,
    number: numberQ || undefined,
    customerId: customer?.id,
    cashierId: cashierId || undefined,
    methodId: methodId || undefined,
    ...(canBranches && branchId ? { branchId } : {}),
    shiftId,
    ...(canDates ? { from: dayStart(from), to: dayEnd(to) } : {}),
  };
  const list = useQuery({
    queryKey: salesKeys.invoices(query),
    queryFn: () => salesApi.invoices(query),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.error);

  const columns: Column<SaleDto>[] = [
    {
      key: 'number',
      header: t('invoices.number'),
      ltr: true,
      render: (s) => <RowLink to={routePath('invoices-id', { id: s.id })}>{s.number}</RowLink>,
    },
    {
      key: 'date',
      header: t('invoices.date'),
      render: (s) => formatDateTime(s.createdAt),
    },
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
    {
      key: 'total',
      header: t('invoices.total'),
      align: 'right',
      render: (s) => formatPiasters(s.total),
    },
    {
      key: 'due',
      header: t('invoices.due'),
      align: 'right',
      render: (s) => (s.dueAmount > 0 ? formatPiasters(s.dueAmount) : ''),
    },
    {
      key: 'profit',
      header: t('invoices.profit'),
      align: 'right',
      hidden: !showProfit,
      render: (s) => (s.profit !== undefined ? formatPiasters(s.profit) : ''),
    },
  ];

  return (
    <Box>
      <PageHeader
        title={t('invoices.title')}
        actions={
          list.data?.totalAmount !== null &&
          list.data?.totalAmount !== undefined && (
            <Typography sx={{ fontWeight: 700 }} data-testid="invoices-total-amount">
              {t('invoices.totalAmount', { amount: formatPiasters(list.data.totalAmount) })}
            </Typography>
          )
        }
      />
      <Stack direction="row" sx={{ gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={t('filters.number')}
          value={number}
          onChange={(e) => filter(setNumber)(e.target.value)}
          slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'filter-number' } }}
        />
        <CustomerFilter value={customer} onChange={filter(setCustomer)} />
        {canBranches && (
          <SelectFilter
            label={t('filters.branch')}
            value={branches.data ? branchId : ''}
            onChange={filter(setBranchId)}
            allLabel={t('filters.allBranches')}
            options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
            minWidth={160}
            displayEmpty
          />
        )}
        <SelectFilter
          label={t('filters.cashier')}
          value={cashierId}
          onChange={filter(setCashierId)}
          allLabel={t('filters.all')}
          options={cashiers.map((c) => ({ value: c.id, label: c.name }))}
          minWidth={160}
        />
        <SelectFilter
          label={t('filters.method')}
          value={methodId}
          onChange={filter(setMethodId)}
          allLabel={t('filters.all')}
          options={(methods.data ?? []).map((m) => ({
            value: m.id,
            label: methodName(m, i18n.language),
          }))}
          minWidth={150}
        />
        {canDates && (
          <>
            <DateField
              label={t('filters.from')}
              value={from}
              onChange={filter(setFrom)}
              testId="filter-from"
            />
            <DateField
              label={t('filters.to')}
              value={to}
              onChange={filter(setTo)}
              testId="filter-to"
            />
          </>
        )}
      </Stack>
      <PagedTable
        query={list}
        paging={paging}
        pageSizeOptions={[25, 50, 100]}
        columns={columns}
        rowKey={(s) => s.id}
        rowTestId="invoice-row"
        onRowClick={(s) => navigate(routePath('invoices-id', { id: s.id }))}
        ariaLabel={t('invoices.title')}
        emptyText={t('invoices.empty')}
      />
    </Box>
  );
}
