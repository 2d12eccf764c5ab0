import { DateRangeFilter } from '../../../shared/ui/DateField';
import { ListPage, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import {
  NON_VAULT_TRANSACTION_KINDS,
  routePath,
  VAULT_MOVEMENT_TYPES,
  type TransactionDto,
} from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../shared/ui/DataTable';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { ExportButton, dateColumn, optionsOf } from '../../../shared/ui/listColumns';
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

  const columns: Column<TransactionDto>[] = [
    dateColumn('at', t('tx.at'), (r) => r.at),
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
        <ExportButton
          onExport={() => chequesApi.exportTransactions(filters)}
          testId="transactions-export"
        >
          {t('tx.export')}
        </ExportButton>
      }
      query={list}
      paging={filter.paging}
      columns={columns}
      rowKey={(r) => `${r.kind}:${r.id}`}
      rowTestId="transaction-row"
      emptyText={t('tx.empty')}
      filters={
        <>
          <DateRangeFilter {...filter.dates} labels={[t('tx.from'), t('tx.to')]} />
          <SelectFilter
            {...filter.select('type', t('tx.kind'), 170)}
            allLabel={t('list.all')}
            options={optionsOf(KINDS, kindLabel)}
          />
          <SelectFilter
            {...filter.select('vaultId', t('tx.vault'), 170)}
            allLabel={t('list.all')}
            options={(options.data?.vaults ?? []).map((v) => ({
              value: v.id,
              label: `${v.name} — ${v.branchName}`,
            }))}
          />
          {(options.data?.branches.length ?? 0) > 1 && (
            <SelectFilter
              {...filter.select('branchId', t('fields.branch'), 150)}
              allLabel={t('list.all')}
              options={(options.data?.branches ?? []).map((b) => ({ value: b.id, label: b.name }))}
            />
          )}
          <SelectFilter
            {...filter.select('userId', t('tx.user'), 150)}
            allLabel={t('list.all')}
            options={(options.data?.users ?? []).map((u) => ({ value: u.id, label: u.name }))}
          />
        </>
      }
    />
  );
}
