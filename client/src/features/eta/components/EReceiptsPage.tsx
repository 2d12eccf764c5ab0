import { DateRangeFilter } from '../../../shared/ui/DateField';
import { ListPage, StatusBadge, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import Box from '@mui/material/Box';
import {
  E_RECEIPT_STATUSES,
  routePath,
  type EReceiptListItemDto,
  type EReceiptStatus,
} from '@pos/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLiveEvent, useLiveResync } from '../../../shared/realtime';
import { dateColumn } from '../../../shared/ui/listColumns';
import type { Column } from '../../../shared/ui/DataTable';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { BranchFilter, useReportFilters } from '../../accounting';
import { etaApi, etaKeys } from '../api/eta.api';
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
    <StatusBadge
      color={deadLetter ? 'error' : STATUS_COLOR[status]}
      variant={status === 'valid' || deadLetter ? 'filled' : 'outlined'}
      label={deadLetter ? t('statuses.deadLetter') : t(`statuses.${status}`)}
      testId={testId}
      status={status}
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
  const { canBranches } = useReportFilters(false);
  const filter = useListState({
    q: '',
    status: '' as EReceiptStatus | 'deadLetter' | '',
    branchId: '',
    from: '',
    to: '',
  });
  const { status, branchId, ...params } = filter.params;
  const list = usePagedList({
    paging: filter.paging,
    params: {
      ...params,
      ...(status === 'deadLetter' ? { deadLetter: 'true' as const } : status ? { status } : {}),
      ...(canBranches && branchId ? { branchId } : {}),
    },
    queryKey: etaKeys.list,
    fetch: etaApi.list,
  });
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
    dateColumn('date', t('fields.date'), (r) => r.dateTimeIssued),
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
    <ListPage
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      query={list}
      paging={filter.paging}
      columns={columns}
      rowTestId="e-receipt-row"
      onRowClick={(r) => navigate(routePath('E-receipts-id', { id: r.id }))}
      emptyText={t('list.empty')}
      search={filter.search(t('list.search'), 'e-receipts-search', 260)}
      filters={
        <>
          <SelectFilter<EReceiptStatus | 'deadLetter' | ''>
            {...filter.bind('status')}
            label={t('fields.status')}
            allLabel={t('list.allStatuses')}
            options={[
              ...E_RECEIPT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
              { value: 'deadLetter' as const, label: t('statuses.deadLetter') },
            ]}
            minWidth={150}
          />
          <BranchFilter
            value={filter.values.branchId}
            onChange={filter.set('branchId')}
            labels={[t('fields.branch'), t('list.allBranches')]}
          />
          <DateRangeFilter
            {...filter.dates}
            labels={[t('list.from'), t('list.to')]}
            testId="e-receipts"
          />
        </>
      }
    />
  );
}
