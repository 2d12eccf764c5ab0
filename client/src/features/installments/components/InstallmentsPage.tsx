import { ListPage, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import {
  INSTALLMENT_PLAN_STATUSES,
  routePath,
  type InstallmentPlanRowDto,
  type InstallmentPlanStatus,
} from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDay } from '../../../shared/lib/format';
import { sessionUserState } from '../../../shared/state';
import { useCan } from '../../../shared/state/useCan';
import { moneyColumn, type Column } from '../../../shared/ui/DataTable';
import { SelectFilter, StatusChips, LookupFilter } from '../../../shared/ui/FilterBar';
import { RowLink } from '../../../shared/ui/RowLink';
import { useBranchOptions } from '../../branches';
import { customerKeys, customersApi, type CustomerSearchHit } from '../../customers';
import { installmentKeys, installmentsApi } from '../api/installments.api';
import { AwaitingPlans } from './AwaitingPlans';
import { PlanStatusChip } from './StatusChip';
import { owedColumn } from '../lib/columns';

/** /Installments: every plan with its status, what is paid and owed and the next due date. */
export default function InstallmentsPage() {
  const { t } = useTranslation('installments');
  const can = useCan();
  const user = useAtomValue(sessionUserState);
  const canBranches = !!user?.isAdmin || can('can_see_branches');
  const branches = useBranchOptions(canBranches);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const filter = useListState({
    q: params.get('q') ?? '',
    status: '' as InstallmentPlanStatus | '',
    branchId: '',
  });
  const [customer, setCustomer] = useState<CustomerSearchHit | null>(null);
  const { branchId, ...rest } = filter.params;
  const list = usePagedList({
    paging: filter.paging,
    params: {
      ...rest,
      customerId: customer?.id ?? params.get('customerId') ?? undefined,
      ...(canBranches && branchId ? { branchId } : {}),
    },
    queryKey: installmentKeys.list,
    fetch: installmentsApi.list,
    live: 'installment.due',
  });

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
    { key: 'phone', header: t('fields.phone'), ltr: true, render: (p) => p.customerPhone ?? '' },
    { key: 'sale', header: t('fields.sale'), ltr: true, render: (p) => p.saleNumber },
    {
      key: 'count',
      header: t('fields.count'),
      render: (p) => t('list.countLine', { count: p.count, period: t(`periods.${p.period}`) }),
    },
    moneyColumn('toPay', t('fields.toPay'), (p) => p.toPay),
    moneyColumn('paid', t('fields.paid'), (p) => p.paid),
    owedColumn('outstanding', t('fields.outstanding'), (p) => p.outstanding),
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
    <ListPage
      title={t('list.title')}
      actions={
        <Button component={Link} to={routePath('Installments-dueToday')} variant="outlined">
          {t('due.title')}
        </Button>
      }
      above={
        <>
          <AwaitingPlans />
          <StatusChips
            label={t('fields.status')}
            options={INSTALLMENT_PLAN_STATUSES}
            value={filter.values.status}
            onChange={filter.set('status')}
            allLabel={t('list.all')}
            optionLabel={(s) => t(`planStatuses.${s}`)}
            color={() => 'primary'}
            testId={(s) => `plans-status-${s}`}
            pressed
          />
        </>
      }
      query={list}
      paging={filter.paging}
      columns={columns}
      rowTestId="plan-row"
      onRowClick={(p) => void navigate(routePath('Installments-id', { id: p.id }))}
      emptyText={t('list.empty')}
      search={filter.search(t('list.search'), 'plans-search')}
      filters={
        <>
          <LookupFilter
            value={customer}
            onChange={filter.paging.withReset(setCustomer)}
            label={t('fields.customer')}
            noOptionsText={t('list.noCustomer')}
            queryKey={customerKeys.search}
            search={customersApi.search}
          />
          {canBranches && (
            <SelectFilter
              label={t('fields.branch')}
              value={branches.data ? filter.values.branchId : ''}
              onChange={filter.set('branchId')}
              allLabel={t('list.allBranches')}
              options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
              minWidth={160}
              displayEmpty
            />
          )}
        </>
      }
    />
  );
}
