import Print from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatPiasters,
  MONEY_TRANSACTION_STATUSES,
  MONEY_TRANSACTION_TYPES,
  type MoneyTransactionDto,
  VAULTS,
} from '@pos/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/format';
import { useLiveEvent, useLiveResync } from '../../../shared/realtime';
import { resourceKeys } from '../../../shared/resource';
import { sessionUserState } from '../../../shared/state';
import { useCan } from '../../../shared/state/useCan';
import { SearchField, SelectFilter, type Column } from '../../../shared/ui';
import { ReasonDialog } from '../../../shared/ui/FormDialog';
import { IconAction } from '../../../shared/ui/IconAction';
import { PagedTable, StatusBadge, useListState } from '../../../shared/ui/PagedTable';
import { AddButton, PageHeader } from '../../../shared/ui/PageHeader';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { PrintArea, usePrintJob } from '../../../shared/ui/print';
import { useToast } from '../../../shared/ui/useToast';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { cashApi, cashKeys, type MoneyListQuery } from '../api/cash.api';
import { MoneyTransactionForm } from './MoneyTransactionForm';
import { MoneyVoucher } from './MoneyVoucher';
import { useIdempotencyKey } from '../../../shared/lib/useIdempotencyKey';

const statusColor = { confirmed: 'success', pending: 'warning', rejected: 'error' } as const;

/**
 * /MoneyTransactions (the vault keeper's, can_see_vault_totals): the list with filters, a new
 * transaction, the receiving branch's confirm/reject of a transfer (pushed live, no reload), and
 * each transaction's printed voucher.
 */
export default function MoneyTransactionsPage() {
  const { t } = useTranslation('cash');
  const can = useCan();
  const toast = useToast();
  const user = useAtomValue(sessionUserState);
  const queryClient = useQueryClient();
  const list = useListState({ type: '', status: '', q: '' });
  const [creating, setCreating] = useState(false);
  const [rejecting, setRejecting] = useState<MoneyTransactionDto | null>(null);
  const [voucher, printVoucher] = usePrintJob<MoneyTransactionDto>();
  const keeper = can('can_see_vault_totals');

  const query = {
    page: list.paging.page + 1,
    pageSize: list.paging.pageSize,
    ...list.params,
  } as MoneyListQuery;
  const rows = useQuery({
    queryKey: cashKeys.money(query),
    queryFn: () => cashApi.money(query),
    placeholderData: keepPreviousData,
    enabled: keeper,
  });
  useErrorToast(rows.error);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: cashKeys.all });
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all(VAULTS) });
  };
  useLiveEvent('money.transfer', (e) => {
    refresh();
    if (e.payload.status === 'pending' && e.payload.toBranchId === user?.branchId)
      toast.info(t('live.incoming', { number: e.payload.number }));
  });
  useLiveResync(refresh);

  const idem = useIdempotencyKey();
  const decide = useCrudMutation({
    mutationFn: ({ tx, reason }: { tx: MoneyTransactionDto; reason?: string }) =>
      reason === undefined
        ? cashApi.confirm(tx.id, { idempotencyKey: idem.key })
        : cashApi.reject(tx.id, reason, { idempotencyKey: idem.key }),
    success: (tx) => t(tx.status === 'confirmed' ? 'decide.confirmed' : 'decide.rejected'),
    onSuccess: () => {
      idem.renew();
      setRejecting(null);
      refresh();
    },
  });
  const receiver = (tx: MoneyTransactionDto) =>
    tx.status === 'pending' && (user?.isAdmin || tx.toBranchId === user?.branchId);

  const columns: Column<MoneyTransactionDto>[] = [
    { key: 'number', header: t('fields.number'), ltr: true, nowrap: true, render: (r) => r.number },
    {
      key: 'date',
      header: t('fields.date'),
      nowrap: true,
      render: (r) => formatDateTime(r.createdAt),
    },
    { key: 'type', header: t('fields.type'), render: (r) => t(`types.${r.type}`) },
    {
      key: 'from',
      header: t('fields.from'),
      render: (r) =>
        r.fromVaultName ? `${r.fromVaultName} — ${r.branchName}` : (r.paymentMethodName ?? ''),
    },
    {
      key: 'to',
      header: t('fields.to'),
      render: (r) => (r.toVaultName ? `${r.toVaultName} — ${r.toBranchName ?? r.branchName}` : ''),
    },
    {
      key: 'amount',
      header: t('fields.amount'),
      align: 'right',
      render: (r) => <span dir="ltr">{formatPiasters(r.amount)}</span>,
    },
    { key: 'reason', header: t('fields.reason'), render: (r) => r.reason },
    {
      key: 'status',
      header: t('fields.status'),
      render: (r) => (
        <StatusBadge
          color={statusColor[r.status]}
          label={t(`statuses.${r.status}`)}
          testId="money-status"
        />
      ),
    },
    {
      key: 'actions',
      header: t('fields.actions'),
      stopPropagation: true,
      nowrap: true,
      render: (r) => (
        <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center' }}>
          {receiver(r) && (
            <>
              <Button
                size="small"
                variant="contained"
                disabled={decide.isPending}
                onClick={() => decide.mutate({ tx: r })}
                data-testid="money-confirm"
              >
                {t('decide.confirm')}
              </Button>
              <Button
                size="small"
                color="error"
                onClick={() => setRejecting(r)}
                data-testid="money-reject"
              >
                {t('decide.reject')}
              </Button>
            </>
          )}
          <IconAction
            label={t('voucher.print')}
            icon={Print}
            onClick={() => printVoucher(r)}
            testId="money-print"
          />
        </Stack>
      ),
    },
  ];
  const options = (values: readonly string[], ns: 'types' | 'statuses') =>
    values.map((v) => ({ value: v, label: t(`${ns}.${v}`) }));

  return (
    <Box>
      <PageHeader
        title={t('title')}
        actions={
          keeper && (
            <AddButton onClick={() => setCreating(true)} testId="money-new">
              {t('new')}
            </AddButton>
          )
        }
      />
      {!keeper ? (
        <Typography color="text.secondary" data-testid="money-forbidden">
          {t('needsKeeper')}
        </Typography>
      ) : (
        <PagedTable<MoneyTransactionDto>
          query={rows}
          paging={list.paging}
          ariaLabel={t('title')}
          rowKey={(r) => r.id}
          rowTestId="money-row"
          rowProps={(r) => ({ 'data-number': r.number, 'data-status': r.status })}
          emptyText={t('empty')}
          columns={columns}
          filters={
            <>
              <SearchField value={list.values.q} onChange={list.set('q')} label={t('search')} />
              <SelectFilter
                {...list.bind('type')}
                label={t('fields.type')}
                allLabel={t('all')}
                minWidth={160}
                options={options(MONEY_TRANSACTION_TYPES, 'types')}
              />
              <SelectFilter
                {...list.bind('status')}
                label={t('fields.status')}
                allLabel={t('all')}
                minWidth={140}
                options={options(MONEY_TRANSACTION_STATUSES, 'statuses')}
              />
            </>
          }
        />
      )}
      {creating && (
        <MoneyTransactionForm
          onClose={() => setCreating(false)}
          onDone={() => setCreating(false)}
        />
      )}
      {rejecting && (
        <ReasonDialog
          onClose={() => setRejecting(null)}
          onSubmit={(reason) => decide.mutate({ tx: rejecting, reason })}
          submitting={decide.isPending}
          title={t('decide.rejectTitle', { number: rejecting.number })}
          submitLabel={t('decide.reject')}
          submitTestId="money-reject-save"
          field={{ label: t('fields.rejectReason'), sx: { mt: 1 }, required: true }}
          input={{ maxLength: 200, 'data-testid': 'money-reject-reason' }}
        />
      )}
      {voucher && (
        <PrintArea layout="a4">
          <MoneyVoucher tx={voucher} />
        </PrintArea>
      )}
    </Box>
  );
}
