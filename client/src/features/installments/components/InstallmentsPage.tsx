import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import {
  INSTALLMENT_PLAN_STATUSES,
  formatPiasters,
  routePath,
  type InstallmentPlanRowDto,
  type InstallmentPlanStatus,
} from '@pos/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDay } from '../../../shared/lib/format';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { useLiveEvent } from '../../../shared/realtime';
import { sessionUserState } from '../../../shared/state';
import { useCan } from '../../../shared/state/useCan';
import type { Column } from '../../../shared/ui/DataTable';
import { SearchField, SelectFilter } from '../../../shared/ui/FilterBar';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PagedTable } from '../../../shared/ui/PagedTable';
import { RowLink } from '../../../shared/ui/RowLink';
import { usePaging } from '../../../shared/ui/usePaging';
import { useBranchOptions } from '../../branches';
import { CustomerSearchField, type CustomerSearchHit } from '../../customers';
import {
  installmentKeys,
  installmentsApi,
  type InstallmentListQuery,
} from '../api/installments.api';
import { AwaitingPlans } from './AwaitingPlans';
import { PlanStatusChip } from './StatusChip';

function CustomerFilter({
  value,
  onChange,
}: {
  value: CustomerSearchHit | null;
  onChange: (c: CustomerSearchHit | null) => void;
}) {
  const { t } = useTranslation('installments');
  return (
    <CustomerSearchField
      value={value}
      onChange={onChange}
      label={t('fields.customer')}
      noOptionsText={t('list.noCustomer')}
      sx={{ minInlineSize: 200 }}
    />
  );
}

/** /Installments: every plan with its status, what is paid and owed and the next due date. */
export default function InstallmentsPage() {
  const { t } = useTranslation('installments');
  const can = useCan();
  const user = useAtomValue(sessionUserState);
  const canBranches = !!user?.isAdmin || can('can_see_branches');
  const branches = useBranchOptions(canBranches);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const paging = usePaging();
  const [q, setQ] = useState(params.get('q') ?? '');
  const [status, setStatus] = useState<InstallmentPlanStatus | ''>('');
  const [branchId, setBranchId] = useState('');
  const [customer, setCustomer] = useState<CustomerSearchHit | null>(null);
  const query: InstallmentListQuery = {
    page: paging.page + 1,
    pageSize: paging.pageSize,
    q: useDebouncedValue(q.trim(), 300) || undefined,
    status: status || undefined,
    customerId: customer?.id ?? params.get('customerId') ?? undefined,
    ...(canBranches && branchId ? { branchId } : {}),
  };
  const list = useQuery({
    queryKey: installmentKeys.list(query),
    queryFn: () => installmentsApi.list(query),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.error);
  useLiveEvent('installment.due', () => void list.refetch());

  const columns: Column<InstallmentPlanRowDto>[] = [
    {
      key: 'number',
      header: t('fields.number'),
      ltr: true,
      nowrap: true,
      stopPropagation: true,
      render: (p) => <RowLink to={routePath('Installments-id', { id: p.id })}>{p.number}</RowLink>,
    },
    { key: 'customer', header: t('fields.customer'), render: (p) => p.customerName },
    {
      key: 'phone',
      header: t('fields.phone'),
      ltr: true,
      render: (p) => p.customerPhone ?? '',
    },
    { key: 'sale', header: t('fields.sale'), ltr: true, render: (p) => p.saleNumber },
    {
      key: 'count',
      header: t('fields.count'),
      render: (p) => t('list.countLine', { count: p.count, period: t(`periods.${p.period}`) }),
    },
    {
      key: 'toPay',
      header: t('fields.toPay'),
      align: 'right',
      render: (p) => formatPiasters(p.toPay),
    },
    {
      key: 'paid',
      header: t('fields.paid'),
      align: 'right',
      render: (p) => formatPiasters(p.paid),
    },
    {
      key: 'outstanding',
      header: t('fields.outstanding'),
      align: 'right',
      render: (p) => <b>{formatPiasters(p.outstanding)}</b>,
    },
    {
      key: 'nextDue',
      header: t('fields.nextDue'),
      nowrap: true,
      render: (p) => (p.nextDueDate ? formatDay(p.nextDueDate) : '—'),
    },
    {
      key: 'status',
      header: t('fields.status'),
      render: (p) => (
        <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center' }}>
          <PlanStatusChip status={p.status} />
          {p.overdueCount > 0 && (
            <Chip
              size="small"
              variant="outlined"
              color="error"
              label={t('list.overdueCount', { count: p.overdueCount })}
            />
          )}
        </Stack>
      ),
    },
    {
      key: 'branch',
      header: t('fields.branch'),
      hidden: !canBranches,
      render: (p) => p.branchName,
    },
  ];

  return (
    <Box>
      <PageHeader
        title={t('list.title')}
        actions={
          <Button component={Link} to={routePath('Installments-dueToday')} variant="outlined">
            {t('due.title')}
          </Button>
        }
      />
      <AwaitingPlans />
      <Stack
        direction="row"
        sx={{ gap: 1, mb: 1.5, flexWrap: 'wrap' }}
        role="group"
        aria-label={t('fields.status')}
      >
        <Chip
          label={t('list.all')}
          color={status === '' ? 'primary' : 'default'}
          variant={status === '' ? 'filled' : 'outlined'}
          onClick={() => paging.withReset(setStatus)('')}
          aria-pressed={status === ''}
        />
        {INSTALLMENT_PLAN_STATUSES.map((s) => (
          <Chip
            key={s}
            label={t(`planStatuses.${s}`)}
            color={status === s ? 'primary' : 'default'}
            variant={status === s ? 'filled' : 'outlined'}
            onClick={() => paging.withReset(setStatus)(s)}
            aria-pressed={status === s}
            data-testid={`plans-status-${s}`}
          />
        ))}
      </Stack>
      <PagedTable
        query={list}
        paging={paging}
        pageSizeOptions={[25, 50, 100]}
        columns={columns}
        rowKey={(p) => p.id}
        rowTestId="plan-row"
        onRowClick={(p) => void navigate(routePath('Installments-id', { id: p.id }))}
        ariaLabel={t('list.title')}
        emptyText={t('list.empty')}
        filters={
          <>
            <SearchField
              value={q}
              onChange={paging.withReset(setQ)}
              label={t('list.search')}
              testId="plans-search"
            />
            <CustomerFilter value={customer} onChange={paging.withReset(setCustomer)} />
            {canBranches && (
              <SelectFilter
                label={t('fields.branch')}
                value={branches.data ? branchId : ''}
                onChange={paging.withReset(setBranchId)}
                allLabel={t('list.allBranches')}
                options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
                minWidth={160}
                displayEmpty
              />
            )}
          </>
        }
      />
    </Box>
  );
}
