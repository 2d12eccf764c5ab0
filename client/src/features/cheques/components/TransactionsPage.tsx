import { DateRangeFilter } from '../../../shared/ui/DateField';
import { ListPage, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import Button from '@mui/material/Button';
import FileDownload from '@mui/icons-material/FileDownload';
import {
  NON_VAULT_TRANSACTION_KINDS,
  routePath,
  VAULT_MOVEMENT_TYPES,
  type TransactionDto,
} from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { formatDateTime } from '../../../shared/lib/format';
import type { Column } from '../../../shared/ui/DataTable';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { RowLink } from '../../../shared/ui/RowLink';
import { chequeKeys, chequesApi } from '../api/cheques.api';
import { Money } from '../../../shared/ui/Money';
import { useMethodLabel } from '../../../shared/api/paymentMethods';

const KINDS = [...new Set([...NON_VAULT_TRANSACTION_KINDS, ...VAULT_MOVEMENT_TYPES])];

/** The document a movement came from, where it has a page. */
function sourceHref(r: TransactionDto): string | null {
  if (!r.sourceId) return null;
  switch (r.sourceType) {
    case 'sale':
      return routePath('invoices-id', { id: r.sourceId });
    case 'customer':
      return routePath('Customers-id', { id: r.sourceId });
    case 'cheque':
      return `${routePath('Checks')}?q=${encodeURIComponent(r.sourceNumber ?? '')}`;
    default:
      return null;
  }
}

/** /Transactions: every money movement, read-only, filtered, exported to Excel. */
export default function TransactionsPage() {
  const { t } = useTranslation('cheques');
  const filter = useListState(
    { from: '', to: '', type: '', vaultId: '', branchId: '', userId: '' },
    50,
  );
  const { values, set } = filter;
  const [exporting, setExporting] = useState(false);
  const options = useQuery({
    queryKey: chequeKeys.transactionFilters,
    queryFn: chequesApi.transactionFilters,
  });
  const filters = filter.params;
  const list = usePagedList({
    paging: filter.paging,
    params: filters,
    queryKey: chequeKeys.transactions,
    fetch: chequesApi.transactions,
  });
  const methodLabel = useMethodLabel();
  const kindLabel = (kind: string) => t(`kinds.${kind}`, { defaultValue: kind });

  const exportXlsx = async () => {
    setExporting(true);
    try {
      await chequesApi.exportTransactions(filters);
    } catch (err) {
      handleError(err, { toast: true });
    } finally {
      setExporting(false);
    }
  };

  const columns: Column<TransactionDto>[] = [
    { key: 'at', header: t('tx.at'), nowrap: true, render: (r) => formatDateTime(r.at) },
    { key: 'kind', header: t('tx.kind'), render: (r) => kindLabel(r.kind) },
    {
      key: 'amount',
      header: t('tx.amount'),
      align: 'right',
      cellSx: (r) => ({ color: r.amount < 0 ? 'error.main' : 'success.main', fontWeight: 600 }),
      render: (r) => <Money value={r.amount} />,
    },
    {
      key: 'vault',
      header: t('tx.vault'),
      render: (r) =>
        r.vaultName ??
        (r.methodId ? methodLabel({ methodId: r.methodId, methodName: r.methodName ?? '' }) : ''),
    },
    {
      key: 'source',
      header: t('tx.source'),
      render: (r) => {
        const href = sourceHref(r);
        const label = r.sourceNumber ?? '';
        return href ? <RowLink to={href}>{label || t('tx.open')}</RowLink> : label;
      },
    },
    { key: 'branch', header: t('fields.branch'), render: (r) => r.branchName ?? '' },
    { key: 'user', header: t('tx.user'), render: (r) => r.userName ?? '' },
    { key: 'note', header: t('fields.note'), render: (r) => r.note ?? '' },
  ];

  return (
    <ListPage
      title={t('tx.title')}
      actions={
        <Button
          variant="outlined"
          startIcon={<FileDownload />}
          onClick={() => void exportXlsx()}
          disabled={exporting}
          data-testid="transactions-export"
        >
          {t('tx.export')}
        </Button>
      }
      query={list}
      paging={filter.paging}
      columns={columns}
      rowKey={(r) => `${r.kind}:${r.id}`}
      rowTestId="transaction-row"
      ariaLabel={t('tx.title')}
      emptyText={t('tx.empty')}
      filters={
        <>
          <DateRangeFilter
            from={values.from}
            to={values.to}
            onFrom={set('from')}
            onTo={set('to')}
            labels={[t('tx.from'), t('tx.to')]}
          />
          <SelectFilter
            label={t('tx.kind')}
            value={values.type}
            onChange={set('type')}
            allLabel={t('list.all')}
            minWidth={170}
            options={KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
          />
          <SelectFilter
            label={t('tx.vault')}
            value={values.vaultId}
            onChange={set('vaultId')}
            allLabel={t('list.all')}
            minWidth={170}
            options={(options.data?.vaults ?? []).map((v) => ({
              value: v.id,
              label: `${v.name} — ${v.branchName}`,
            }))}
          />
          {(options.data?.branches.length ?? 0) > 1 && (
            <SelectFilter
              label={t('fields.branch')}
              value={values.branchId}
              onChange={set('branchId')}
              allLabel={t('list.all')}
              minWidth={150}
              options={(options.data?.branches ?? []).map((b) => ({
                value: b.id,
                label: b.name,
              }))}
            />
          )}
          <SelectFilter
            label={t('tx.user')}
            value={values.userId}
            onChange={set('userId')}
            allLabel={t('list.all')}
            minWidth={150}
            options={(options.data?.users ?? []).map((u) => ({ value: u.id, label: u.name }))}
          />
        </>
      }
    />
  );
}
