import {
  ListPage,
  StatusBadge,
  StatusFilter,
  useListState,
  usePagedList,
} from '../../../shared/ui/PagedTable';
import { routePath, type EInvoiceListItemDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLiveEvent } from '../../../shared/realtime';
import { dateColumn } from '../../../shared/ui/listColumns';
import type { Column } from '../../../shared/ui/DataTable';
import { AddButton } from '../../../shared/ui/PageHeader';
import { EtaSignerMissing, formatEtaAmount } from '../../eta';
import { einvoiceKeys, einvoicesApi } from '../api/einvoices.api';
import { STATUS_COLOR, STATUSES } from '../lib/status';

/**
 * /E-invoices: the issued e-invoices and credit/debit notes with their ETA status, live (the
 * worker's einvoice.status events), filtered by status, searched by number, receiver or UUID.
 */
export default function EInvoicesPage() {
  const { t } = useTranslation('einvoices');
  const navigate = useNavigate();
  const filter = useListState({ q: '', status: '' });
  const list = usePagedList({ ...filter, queryKey: einvoiceKeys.list, fetch: einvoicesApi.list });
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
        <StatusBadge
          color={STATUS_COLOR[r.status]}
          label={r.deadLetter ? t('deadLetter') : t(`statuses.${r.status}`)}
          testId="einvoice-status"
          status={r.status}
        />
      ),
    },
    {
      key: 'total',
      header: t('fields.total'),
      align: 'right',
      render: (r) => formatEtaAmount(r.totalAmount),
    },
    dateColumn('createdAt', t('fields.createdAt'), (r) => r.createdAt),
  ];

  return (
    <ListPage
      title={t('list.title')}
      actions={
        <AddButton
          onClick={() => navigate(routePath('E-invoices-New'))}
          testId="einvoice-add"
          label={t('list.add')}
        />
      }
      above={
        <>
          <EtaSignerMissing />
          <StatusFilter
            label={t('fields.status')}
            options={STATUSES}
            colors={STATUS_COLOR}
            value={filter.values.status}
            onChange={filter.set('status')}
            allLabel={t('list.all')}
            optionLabel={(s) => t(`statuses.${s}`)}
            testId={(s) => `einvoice-filter-${s}`}
          />
        </>
      }
      query={list}
      paging={filter.paging}
      columns={columns}
      rowTestId="einvoice-row"
      onRowClick={(r) => navigate(routePath('E-invoices-id', { id: r.id }))}
      emptyText={t('list.empty')}
      search={filter.search(t('list.search'), 'einvoices-search')}
    />
  );
}
