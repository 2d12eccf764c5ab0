import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import {
  E_RECEIPT_STATUSES,
  routePath,
  type EReceiptListItemDto,
  type EReceiptStatus,
} from '@pos/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDateTime } from '../../../shared/lib/format';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { useLiveEvent, useLiveResync } from '../../../shared/realtime';
import { sessionUserState } from '../../../shared/state';
import { useCan } from '../../../shared/state/useCan';
import type { Column } from '../../../shared/ui/DataTable';
import { DateField } from '../../../shared/ui/DateField';
import { SearchField, SelectFilter } from '../../../shared/ui/FilterBar';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PagedTable } from '../../../shared/ui/PagedTable';
import { usePaging } from '../../../shared/ui/usePaging';
import { useBranchOptions } from '../../branches';
import { etaApi, etaKeys, type EReceiptListQuery } from '../api/eta.api';
import { formatEtaAmount, shortUuid, STATUS_COLOR } from '../lib/eta';

/** A receipt's status chip (dead-lettered receipts say so). */
export function EReceiptStatusChip({
  status,
  deadLetter,
  testId = 'e-receipt-status',
}: {
  status: EReceiptStatus;
  deadLetter: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('eta');
  return (
    <Chip
      size="small"
      color={deadLetter ? 'error' : STATUS_COLOR[status]}
      variant={status === 'valid' || deadLetter ? 'filled' : 'outlined'}
      label={deadLetter ? t('statuses.deadLetter') : t(`statuses.${status}`)}
      data-testid={testId}
      data-status={status}
    />
  );
}

/**
 * /E-receipts: the ETA receipts of the user's branches (number, date, sale, UUID, total, status),
 * filtered by status, branch and day; a status pushed by `einvoice.status` changes its row at once
 * (no reload).
 */
export default function EReceiptsPage() {
  const { t } = useTranslation('eta');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useAtomValue(sessionUserState);
  const can = useCan();
  const canBranches = !!user?.isAdmin || can('can_see_branches');
  const branches = useBranchOptions(canBranches);
  const paging = usePaging();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<EReceiptStatus | 'deadLetter' | ''>('');
  const [branchId, setBranchId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query: EReceiptListQuery = {
    page: paging.page + 1,
    pageSize: paging.pageSize,
    q: useDebouncedValue(q.trim(), 300) || undefined,
    ...(status === 'deadLetter' ? { deadLetter: 'true' } : status ? { status } : {}),
    ...(canBranches && branchId ? { branchId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const list = useQuery({
    queryKey: etaKeys.list(query),
    queryFn: () => etaApi.list(query),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.error);
  // The row changes at once; the list is then read again (filters, counts, new receipts).
  useLiveEvent('einvoice.status', (event) => {
    const p = event.payload;
    if (p.kind !== 'receipt') return;
    queryClient.setQueriesData<{ rows: EReceiptListItemDto[]; total: number }>(
      { queryKey: etaKeys.receipts },
      (old) =>
        old && Array.isArray(old.rows)
          ? {
              ...old,
              rows: old.rows.map((r) =>
                r.id === p.documentId ? { ...r, status: p.status, deadLetter: p.deadLetter } : r,
              ),
            }
          : old,
    );
    void queryClient.invalidateQueries({ queryKey: etaKeys.receipts });
  });
  useLiveResync(() => void queryClient.invalidateQueries({ queryKey: etaKeys.receipts }));

  const columns: Column<EReceiptListItemDto>[] = [
    {
      key: 'number',
      header: t('fields.number'),
      ltr: true,
      render: (r) => <span data-testid="e-receipt-number">{r.receiptNumber}</span>,
    },
    { key: 'kind', header: t('fields.kind'), render: (r) => t(`kinds.${r.kind}`) },
    {
      key: 'date',
      header: t('fields.date'),
      nowrap: true,
      render: (r) => formatDateTime(r.dateTimeIssued),
    },
    {
      key: 'branch',
      header: t('fields.branch'),
      hidden: !canBranches,
      render: (r) => r.branchName,
    },
    {
      key: 'uuid',
      header: t('fields.uuid'),
      ltr: true,
      render: (r) => (
        <Box component="span" title={r.uuid} sx={{ fontFamily: 'monospace' }}>
          {shortUuid(r.uuid)}
        </Box>
      ),
    },
    {
      key: 'total',
      header: t('fields.total'),
      align: 'right',
      ltr: true,
      render: (r) => formatEtaAmount(r.totalAmount),
    },
    {
      key: 'status',
      header: t('fields.status'),
      render: (r) => <EReceiptStatusChip status={r.status} deadLetter={r.deadLetter} />,
    },
  ];

  return (
    <Box>
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} />
      <PagedTable
        query={list}
        paging={paging}
        pageSizeOptions={[25, 50, 100]}
        columns={columns}
        rowKey={(r) => r.id}
        rowTestId="e-receipt-row"
        onRowClick={(r) => navigate(routePath('E-receipts-id', { id: r.id }))}
        ariaLabel={t('list.title')}
        emptyText={t('list.empty')}
        filters={
          <>
            <SearchField
              value={q}
              onChange={paging.withReset(setQ)}
              label={t('list.search')}
              testId="e-receipts-search"
              width={260}
            />
            <SelectFilter<EReceiptStatus | 'deadLetter' | ''>
              label={t('fields.status')}
              value={status}
              onChange={paging.withReset(setStatus)}
              allLabel={t('list.allStatuses')}
              options={[
                ...E_RECEIPT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
                { value: 'deadLetter' as const, label: t('statuses.deadLetter') },
              ]}
              minWidth={150}
            />
            {canBranches && (
              <SelectFilter
                label={t('fields.branch')}
                value={branches.data ? branchId : ''}
                onChange={paging.withReset(setBranchId)}
                allLabel={t('list.allBranches')}
                options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
                minWidth={160}
              />
            )}
            <DateField
              label={t('list.from')}
              value={from}
              onChange={paging.withReset(setFrom)}
              testId="e-receipts-from"
            />
            <DateField
              label={t('list.to')}
              value={to}
              onChange={paging.withReset(setTo)}
              testId="e-receipts-to"
            />
          </>
        }
      />
    </Box>
  );
}
