import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FileDownload from '@mui/icons-material/FileDownload';
import {
  NON_VAULT_TRANSACTION_KINDS,
  routePath,
  VAULT_MOVEMENT_TYPES,
  type TransactionDto,
} from '@pos/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDateTime } from '../../../shared/lib/format';
import type { Column } from '../../../shared/ui/DataTable';
import { DateField } from '../../../shared/ui/DateField';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PagedTable } from '../../../shared/ui/PagedTable';
import { RowLink } from '../../../shared/ui/RowLink';
import { usePaging } from '../../../shared/ui/usePaging';
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
  const paging = usePaging(50);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [type, setType] = useState('');
  const [vaultId, setVaultId] = useState('');
  const [branchId, setBranchId] = useState('');
  const [userId, setUserId] = useState('');
  const [exporting, setExporting] = useState(false);
  const options = useQuery({
    queryKey: chequeKeys.transactionFilters,
    queryFn: chequesApi.transactionFilters,
  });
  const filters = {
    from: from || undefined,
    to: to || undefined,
    type: type || undefined,
    vaultId: vaultId || undefined,
    branchId: branchId || undefined,
    userId: userId || undefined,
  };
  const query = { page: paging.page + 1, pageSize: paging.pageSize, ...filters };
  const list = useQuery({
    queryKey: chequeKeys.transactions(query),
    queryFn: () => chequesApi.transactions(query),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.error);
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
    <Box>
      <PageHeader
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
      />
      <PagedTable
        query={list}
        paging={paging}
        pageSizeOptions={[25, 50, 100]}
        columns={columns}
        rowKey={(r) => `${r.kind}:${r.id}`}
        rowTestId="transaction-row"
        ariaLabel={t('tx.title')}
        emptyText={t('tx.empty')}
        filters={
          <>
            <DateField label={t('tx.from')} value={from} onChange={paging.withReset(setFrom)} />
            <DateField label={t('tx.to')} value={to} onChange={paging.withReset(setTo)} />
            <SelectFilter
              label={t('tx.kind')}
              value={type}
              onChange={paging.withReset(setType)}
              allLabel={t('list.all')}
              minWidth={170}
              options={KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
            />
            <SelectFilter
              label={t('tx.vault')}
              value={vaultId}
              onChange={paging.withReset(setVaultId)}
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
                value={branchId}
                onChange={paging.withReset(setBranchId)}
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
              value={userId}
              onChange={paging.withReset(setUserId)}
              allLabel={t('list.all')}
              minWidth={150}
              options={(options.data?.users ?? []).map((u) => ({ value: u.id, label: u.name }))}
            />
          </>
        }
      />
    </Box>
  );
}
