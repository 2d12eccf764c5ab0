import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { formatPiasters, routePath, type EInvoiceListItemDto } from '@pos/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDateTime } from '../../../shared/lib/format';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { useLiveEvent } from '../../../shared/realtime';
import type { Column } from '../../../shared/ui/DataTable';
import { SearchField } from '../../../shared/ui/FilterBar';
import { AddButton, PageHeader } from '../../../shared/ui/PageHeader';
import { EtaSignerMissing } from '../../eta';
import { PagedTable } from '../../../shared/ui/PagedTable';
import { StatusChips } from '../../../shared/ui/FilterBar';
import { usePaging } from '../../../shared/ui/usePaging';
import { einvoiceKeys, einvoicesApi } from '../api/einvoices.api';
import { etaToPiasters, STATUS_COLOR, STATUSES } from '../lib/status';

/**
 * /E-invoices: the issued e-invoices and credit/debit notes with their ETA status, live (the
 * worker's einvoice.status events), filtered by status, searched by number, receiver or UUID.
 */
export default function EInvoicesPage() {
  const { t } = useTranslation('einvoices');
  const navigate = useNavigate();
  const paging = usePaging();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const query = {
    page: paging.page + 1,
    pageSize: paging.pageSize,
    q: useDebouncedValue(q.trim(), 300) || undefined,
    status: status || undefined,
  };
  const list = useQuery({
    queryKey: einvoiceKeys.list(query),
    queryFn: () => einvoicesApi.list(query),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.error);
  useLiveEvent('einvoice.status', (e) => {
    if (e.payload.kind === 'invoice') void list.refetch();
  });

  const columns: Column<EInvoiceListItemDto>[] = [
    { key: 'internalId', header: t('fields.internalId'), ltr: true, render: (r) => r.internalId },
    { key: 'type', header: t('fields.documentType'), render: (r) => t(`types.${r.documentType}`) },
    {
      key: 'receiver',
      header: t('fields.receiver'),
      render: (r) => r.receiverName ?? t(`receiverTypes.${r.receiverType}`),
    },
    { key: 'branch', header: t('fields.branch'), render: (r) => r.branchName },
    {
      key: 'status',
      header: t('fields.status'),
      render: (r) => (
        <Chip
          size="small"
          color={STATUS_COLOR[r.status]}
          label={r.deadLetter ? t('deadLetter') : t(`statuses.${r.status}`)}
          data-testid="einvoice-status"
          data-status={r.status}
        />
      ),
    },
    {
      key: 'total',
      header: t('fields.total'),
      align: 'right',
      render: (r) => formatPiasters(etaToPiasters(r.totalAmount)),
    },
    {
      key: 'createdAt',
      header: t('fields.createdAt'),
      nowrap: true,
      render: (r) => formatDateTime(r.createdAt),
    },
  ];

  return (
    <Box>
      <PageHeader
        title={t('list.title')}
        actions={
          <AddButton onClick={() => navigate(routePath('E-invoices-New'))} testId="einvoice-add">
            {t('list.add')}
          </AddButton>
        }
      />
      <EtaSignerMissing />
      <StatusChips
        label={t('fields.status')}
        options={STATUSES}
        value={status}
        onChange={paging.withReset(setStatus)}
        allLabel={t('list.all')}
        optionLabel={(s) => t(`statuses.${s}`)}
        color={(s) => STATUS_COLOR[s]}
        testId={(s) => `einvoice-filter-${s}`}
      />
      <PagedTable
        query={list}
        paging={paging}
        pageSizeOptions={[25, 50, 100]}
        columns={columns}
        rowKey={(r) => r.id}
        rowTestId="einvoice-row"
        onRowClick={(r) => navigate(routePath('E-invoices-id', { id: r.id }))}
        ariaLabel={t('list.title')}
        emptyText={t('list.empty')}
        filters={
          <SearchField
            value={q}
            onChange={paging.withReset(setQ)}
            label={t('list.search')}
            testId="einvoices-search"
          />
        }
      />
    </Box>
  );
}
