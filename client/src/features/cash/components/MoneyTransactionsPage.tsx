import Print from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  formatPiasters,
  MONEY_TRANSACTION_STATUSES,
  MONEY_TRANSACTION_TYPES,
  type MoneyTransactionDto,
  VAULTS,
} from '@pos/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveEvent, useLiveResync } from '../../../shared/realtime';
import { resourceKeys } from '../../../shared/resource';
import { sessionUserState } from '../../../shared/state';
import { useCan } from '../../../shared/state/useCan';
import { SearchField, SelectFilter, type Column } from '../../../shared/ui';
import { ReasonDialog } from '../../../shared/ui/FormDialog';
import { actionsColumn, dateColumn, optionsOf, statusColumn } from '../../../shared/ui/listColumns';
import { PagedTable, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import { AddButton, PageHeader } from '../../../shared/ui/PageHeader';
import { PrintArea, usePrintJob } from '../../../shared/ui/print';
import { useToast } from '../../../shared/ui/useToast';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { cashApi, cashKeys } from '../api/cash.api';
import { MoneyTransactionForm } from './MoneyTransactionForm';
import { MoneyVoucher } from './MoneyVoucher';

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

  const rows = usePagedList({
    ...list,
    queryKey: cashKeys.money,
    fetch: cashApi.money,
    enabled: keeper,
  });
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

  const decide = useCrudMutation({
    idempotent: true,
    mutationFn: ({ tx, reason }: { tx: MoneyTransactionDto; reason?: string }, options) =>
      reason === undefined
        ? cashApi.confirm(tx.id, options)
        : cashApi.reject(tx.id, reason, options),
    success: (tx) => t(tx.status === 'confirmed' ? 'decide.confirmed' : 'decide.rejected'),
    onSuccess: () => {
      setRejecting(null);
      refresh();
    },
  });
  const receiver = (tx: MoneyTransactionDto) =>
    tx.status === 'pending' && (user?.isAdmin || tx.toBranchId === user?.branchId);

  const columns: Column<MoneyTransactionDto>[] = [
    { key: 'number', header: t('fields.number'), ltr: true, nowrap: true, render: (r) => r.number },
    dateColumn('date', t('fields.date'), (r) => r.createdAt),
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
    statusColumn(t('fields.status'), statusColor, (s) => t(`statuses.${s}`), 'money-status'),
    actionsColumn<MoneyTransactionDto>(
      [
        {
          label: t('decide.confirm'),
          onClick: (tx) => decide.mutate({ tx }),
          when: receiver,
          variant: 'contained',
          disabled: decide.isPending,
          testId: 'money-confirm',
        },
        {
          label: t('decide.reject'),
          onClick: setRejecting,
          when: receiver,
          color: 'error',
          variant: 'text',
          testId: 'money-reject',
        },
        {
          label: t('voucher.print'),
          onClick: printVoucher,
          icon: Print,
          iconOnly: true,
          testId: 'money-print',
        },
      ],
      { header: t('fields.actions') },
    ),
  ];

  return (
    <Box>
      <PageHeader
        title={t('title')}
        actions={
          keeper && (
            <AddButton onClick={() => setCreating(true)} testId="money-new" label={t('new')} />
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
          rowTestId="money-row"
          rowProps={(r) => ({ 'data-number': r.number, 'data-status': r.status })}
          emptyText={t('empty')}
          columns={columns}
          filters={
            <>
              <SearchField value={list.values.q} onChange={list.set('q')} label={t('search')} />
              <SelectFilter
                {...list.select('type', t('fields.type'), 160)}
                allLabel={t('all')}
                options={optionsOf(MONEY_TRANSACTION_TYPES, (v) => t(`types.${v}`))}
              />
              <SelectFilter
                {...list.select('status', t('fields.status'), 140)}
                allLabel={t('all')}
                options={optionsOf(MONEY_TRANSACTION_STATUSES, (v) => t(`statuses.${v}`))}
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
