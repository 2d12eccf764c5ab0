import Add from '@mui/icons-material/Add';
import Print from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatPiasters,
  MONEY_TRANSACTION_STATUSES,
  MONEY_TRANSACTION_TYPES,
  type MoneyTransactionDto,
  type MoneyTransactionStatus,
  type MoneyTransactionType,
  VAULTS,
} from '@pos/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { formatDateTime } from '../../../shared/lib/format';
import { useLiveEvent, useLiveResync } from '../../../shared/realtime';
import { resourceKeys } from '../../../shared/resource';
import { sessionUserState } from '../../../shared/state';
import { useCan } from '../../../shared/state/useCan';
import { SearchField, SelectFilter, type Column } from '../../../shared/ui';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { IconAction } from '../../../shared/ui/IconAction';
import { PagedTable } from '../../../shared/ui/PagedTable';
import { PrintArea, printSoon } from '../../../shared/ui/print';
import { usePaging } from '../../../shared/ui/usePaging';
import { useToast } from '../../../shared/ui/useToast';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
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
  const paging = usePaging(25);
  const [type, setType] = useState<MoneyTransactionType | ''>('');
  const [status, setStatus] = useState<MoneyTransactionStatus | ''>('');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, 300);
  const [creating, setCreating] = useState(false);
  const [rejecting, setRejecting] = useState<MoneyTransactionDto | null>(null);
  const [rejectReason, setRejectReason] = useState('');
  const [printing, setPrinting] = useState<MoneyTransactionDto | null>(null);
  const keeper = can('can_see_vault_totals');

  const query: MoneyListQuery = {
    page: paging.page + 1,
    pageSize: paging.pageSize,
    type: type || undefined,
    status: status || undefined,
    q: q.trim() || undefined,
  };
  const list = useQuery({
    queryKey: cashKeys.money(query),
    queryFn: () => cashApi.money(query),
    placeholderData: keepPreviousData,
    enabled: keeper,
  });
  useEffect(() => {
    if (list.error) handleError(list.error, { toast: true });
  }, [list.error]);
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
  useEffect(() => {
    if (!printing) return;
    printSoon();
    const done = () => setPrinting(null);
    window.addEventListener('afterprint', done, { once: true });
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);

  const idem = useIdempotencyKey();
  const decide = useMutation({
    mutationFn: ({ tx, confirm }: { tx: MoneyTransactionDto; confirm: boolean }) =>
      confirm
        ? cashApi.confirm(tx.id, { idempotencyKey: idem.key })
        : cashApi.reject(tx.id, rejectReason, { idempotencyKey: idem.key }),
    onSuccess: (tx) => {
      idem.renew();
      toast.success(t(tx.status === 'confirmed' ? 'decide.confirmed' : 'decide.rejected'));
      setRejecting(null);
      setRejectReason('');
      refresh();
    },
    onError: (error) => handleError(error, { toast: true }),
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
        <Chip
          size="small"
          color={statusColor[r.status]}
          label={t(`statuses.${r.status}`)}
          data-testid="money-status"
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
                onClick={() => decide.mutate({ tx: r, confirm: true })}
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
            onClick={() => setPrinting(r)}
            testId="money-print"
          />
        </Stack>
      ),
    },
  ];

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('title')}
        </Typography>
        {keeper && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setCreating(true)}
            data-testid="money-new"
          >
            {t('new')}
          </Button>
        )}
      </Stack>
      {!keeper ? (
        <Typography color="text.secondary" data-testid="money-forbidden">
          {t('needsKeeper')}
        </Typography>
      ) : (
        <PagedTable<MoneyTransactionDto>
          query={list}
          paging={paging}
          ariaLabel={t('title')}
          rowKey={(r) => r.id}
          rowTestId="money-row"
          rowProps={(r) => ({ 'data-number': r.number, 'data-status': r.status })}
          emptyText={t('empty')}
          columns={columns}
          filters={
            <>
              <SearchField
                value={search}
                onChange={paging.withReset(setSearch)}
                label={t('search')}
              />
              <SelectFilter
                label={t('fields.type')}
                value={type}
                onChange={paging.withReset(setType)}
                allLabel={t('all')}
                minWidth={160}
                options={MONEY_TRANSACTION_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
              />
              <SelectFilter
                label={t('fields.status')}
                value={status}
                onChange={paging.withReset(setStatus)}
                allLabel={t('all')}
                minWidth={140}
                options={MONEY_TRANSACTION_STATUSES.map((v) => ({
                  value: v,
                  label: t(`statuses.${v}`),
                }))}
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
        <FormDialog
          open
          onClose={() => setRejecting(null)}
          onSubmit={() => decide.mutate({ tx: rejecting, confirm: false })}
          submitting={decide.isPending}
          title={t('decide.rejectTitle', { number: rejecting.number })}
          submitLabel={t('decide.reject')}
          submitTestId="money-reject-save"
        >
          <TextField
            fullWidth
            sx={{ mt: 1 }}
            label={t('fields.rejectReason')}
            value={rejectReason}
            onChange={(e) => setRejectReason(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'money-reject-reason' } }}
            required
          />
        </FormDialog>
      )}
      {printing && (
        <PrintArea layout="a4">
          <MoneyVoucher tx={printing} />
        </PrintArea>
      )}
    </Box>
  );
}
