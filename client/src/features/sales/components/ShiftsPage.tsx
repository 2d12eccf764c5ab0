import LockOutlined from '@mui/icons-material/LockOutlined';
import Print from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPiasters, routePath, type ShiftDto } from '@pos/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { handleError } from '../../../shared/api/handleError';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { moneyColumn, type Column } from '../../../shared/ui/DataTable';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { toast } from '../../../shared/ui/toast';
import { RowLink } from '../../../shared/ui/RowLink';
import { ListPage, StatusBadge, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import { optionsOf } from '../../../shared/ui/listColumns';
import { useCan } from '../../../shared/state/useCan';
import { salesApi, salesKeys } from '../api/sales.api';
import { AmountField } from '../../../shared/ui/AmountField';
import { FormDialog, type DoneDialogProps } from '../../../shared/ui/FormDialog';
import {
  PrintArea,
  formatDateTime,
  printSoon,
  usePaperLayout,
  useReceiptData,
} from '../../../shared/ui/print';
import { ShiftReport } from './receipts';
import { useIdempotencyKey } from '../../../shared/lib/useIdempotencyKey';
import { outboxWaitingCount } from '../../../shared/lib/outboxWaiting';
import { forgetShift } from '../../../shared/lib/shiftCache';
import { ApiClientError } from '../../../shared/api/ApiClientError';

/** Egyptian notes and coins, in pounds as written on them → piasters. */
export const DENOMINATIONS: { label: string; piasters: number }[] = [
  200, 100, 50, 20, 10, 5, 1, 0.5, 0.25,
].map((pounds) => ({ label: String(pounds), piasters: Math.round(pounds * 100) }));

/**
 * Close a shift: counted cash (or a count by denomination), expected vs counted, difference.
 * Mounted at each opening: a fresh count.
 */
export function CloseShiftDialog({
  shift,
  onClose,
  onDone,
}: { shift: ShiftDto } & DoneDialogProps<ShiftDto>) {
  const { t } = useTranslation('sales');
  const queryClient = useQueryClient();
  const [byDenomination, setByDenomination] = useState(false);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [counted, setCounted] = useState<number | null>(null);
  const [note, setNote] = useState('');

  const countedCash = byDenomination
    ? DENOMINATIONS.reduce((sum, d) => sum + (counts[d.label] ?? 0) * d.piasters, 0)
    : counted;
  const expected = shift.totals?.expectedCash ?? null;
  const difference = expected !== null && countedCash !== null ? countedCash - expected : null;

  const idem = useIdempotencyKey();
  const close = useMutation({
    mutationFn: async () => {
      // Issue 32: a shift closes once this till's outbox has sent its sales (their cash is the shift's).
      const waiting = await outboxWaitingCount().catch(() => 0);
      if (waiting > 0)
        throw new ApiClientError({
          status: 409,
          code: 'OUTBOX_WAITING',
          message: t('shift.outboxWaiting', { count: waiting }),
          statusMessage: 'Conflict',
        });
      const denominations = byDenomination
        ? Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0))
        : undefined;
      return salesApi.closeShift(
        shift.id,
        {
          countedCash: countedCash ?? 0,
          ...(denominations ? { denominations } : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
        },
        { idempotencyKey: idem.key },
      );
    },
    onSuccess: async (closed) => {
      idem.renew();
      // The shift this device kept for a restart offline is over (shared/lib/shiftCache.ts).
      forgetShift(localStorage, closed.cashierId);
      toast.success(t('shift.closedToast'));
      queryClient.setQueryData(salesKeys.currentShift, null);
      await queryClient.invalidateQueries({ queryKey: ['sales', 'shifts'] });
      onDone(closed);
    },
    onError: (err) => handleError(err, { toast: true }),
  });

  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={() => close.mutate()}
      title={t('shift.closeTitle')}
      submitting={close.isPending}
      submitLabel={t('shift.close')}
      submitTestId="close-shift-submit"
      submitColor="error"
      submitDisabled={byDenomination && countedCash === null}
      maxWidth="xs"
      dividers
    >
      <Stack sx={{ gap: 1.5 }}>
        <FormControlLabel
          control={
            <Switch
              checked={byDenomination}
              onChange={(e) => setByDenomination(e.target.checked)}
              data-testid="close-by-denomination"
            />
          }
          label={t('shift.byDenomination')}
        />
        {byDenomination ? (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto 1fr auto',
              gap: 1,
              alignItems: 'center',
            }}
          >
            {DENOMINATIONS.map((d) => (
              <Box key={d.label} sx={{ display: 'contents' }}>
                <Typography dir="ltr" sx={{ textAlign: 'end' }}>
                  {t('shift.denomination', { value: d.label })}
                </Typography>
                <TextField
                  size="small"
                  value={counts[d.label] ? String(counts[d.label]) : ''}
                  onChange={(e) => {
                    const n = Number(e.target.value.replace(/[^\d]/g, ''));
                    setCounts((c) => ({ ...c, [d.label]: Number.isSafeInteger(n) ? n : 0 }));
                  }}
                  slotProps={{
                    htmlInput: {
                      inputMode: 'numeric',
                      dir: 'ltr',
                      'data-testid': `denomination-${d.label}`,
                    },
                  }}
                />
                <Typography variant="body2" color="text.secondary">
                  {formatPiasters((counts[d.label] ?? 0) * d.piasters)}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : (
          <AmountField
            label={t('shift.countedCash')}
            value={counted}
            onValue={setCounted}
            autoFocus
            required
            testId="close-counted"
          />
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5 }}>
          <Typography>{t('shift.countedCash')}</Typography>
          <Typography data-testid="close-counted-total">
            {countedCash !== null ? formatPiasters(countedCash) : '—'}
          </Typography>
          {expected !== null && (
            <>
              <Typography>{t('shift.expectedCash')}</Typography>
              <Typography data-testid="close-expected">{formatPiasters(expected)}</Typography>
              <Typography sx={{ fontWeight: 700 }}>{t('shift.difference')}</Typography>
              <Typography
                sx={{ fontWeight: 700 }}
                color={difference === 0 ? 'success.main' : 'error.main'}
                data-testid="close-difference"
              >
                {difference !== null ? formatPiasters(difference) : '—'}
              </Typography>
            </>
          )}
        </Box>
        <TextField
          size="small"
          label={t('shift.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Stack>
    </FormDialog>
  );
}

/** A report shown on screen with a print button (X while open, Z after closing). */
export function ReportDialog({ shift, onClose }: { shift: ShiftDto | null; onClose: () => void }) {
  const { t } = useTranslation('sales');
  const data = useReceiptData();
  const [layout] = usePaperLayout();
  return (
    <Dialog open={shift !== null} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>
        {shift?.status === 'closed' ? t('shift.zReport') : t('shift.xReport')}
      </DialogTitle>
      <DialogContent dividers>
        {shift && <ShiftReport shift={shift} layout="80mm" data={data} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
        <Button
          variant="contained"
          startIcon={<Print />}
          onClick={printSoon}
          data-testid="report-print"
        >
          {t('actions.print')}
        </Button>
      </DialogActions>
      {shift && (
        <PrintArea layout={layout}>
          <ShiftReport shift={shift} layout={layout} data={data} />
        </PrintArea>
      )}
    </Dialog>
  );
}

/**
 * A shift's X/Z report and close buttons and their dialogs (closing shows the Z report after).
 * The dialogs stay with the page: the shift's panel goes once it is closed, its Z report stays.
 */
export function useShiftActions(
  shift: ShiftDto | null | undefined,
  onClosed?: (closed: ShiftDto) => void,
) {
  const { t } = useTranslation('sales');
  const [closing, setClosing] = useState(false);
  const [report, setReport] = useState<ShiftDto | null>(null);
  /** The buttons: the report's, then close when `canClose`; [report, close] test ids. */
  const buttons = (canClose: boolean, testIds: [string?, string?] = []) =>
    shift && (
      <>
        <Button startIcon={<Print />} onClick={() => setReport(shift)} data-testid={testIds[0]}>
          {shift.status === 'closed' ? t('shift.zReport') : t('shift.xReport')}
        </Button>
        {canClose && (
          <Button
            variant="contained"
            color="error"
            startIcon={<LockOutlined />}
            onClick={() => setClosing(true)}
            data-testid={testIds[1]}
          >
            {t('shift.close')}
          </Button>
        )}
      </>
    );
  const dialogs = (
    <>
      {shift && closing && (
        <CloseShiftDialog
          shift={shift}
          onClose={() => setClosing(false)}
          onDone={(closed) => {
            setClosing(false);
            onClosed?.(closed);
            setReport(closed);
          }}
        />
      )}
      <ReportDialog shift={report} onClose={() => setReport(null)} />
    </>
  );
  return { buttons, dialogs };
}

export function ShiftStatus({ status }: { status: ShiftDto['status'] }) {
  const { t } = useTranslation('sales');
  const color = status === 'open' ? 'success' : 'default';
  return <StatusBadge variant="outlined" color={color} label={t(`shift.status.${status}`)} />;
}

/** /Shift: my open shift (X report, close → Z report) and the shifts list (others' with view_all_shifts). */
export default function ShiftsPage() {
  const { t } = useTranslation('sales');
  const can = useCan();
  const canDetail = can('can_see_shift_totals');
  const current = useQuery({ queryKey: salesKeys.currentShift, queryFn: salesApi.currentShift });
  const filter = useListState({ status: '' });
  const list = usePagedList({ ...filter, queryKey: salesKeys.shifts, fetch: salesApi.shifts });
  const shift = current.data;
  const actions = useShiftActions(shift);

  useErrorToast(current.error);

  // The cash columns need can_see_shift_totals.
  const detail = { hidden: !canDetail };
  const columns: Column<ShiftDto>[] = [
    {
      key: 'cashier',
      header: t('shift.cashier'),
      render: (s) =>
        canDetail ? (
          <RowLink to={routePath('Shift-id', { id: s.id })}>{s.cashierName}</RowLink>
        ) : (
          s.cashierName
        ),
    },
    { key: 'register', header: t('shift.register'), render: (s) => s.register },
    { key: 'openedAt', header: t('shift.openedAt'), render: (s) => formatDateTime(s.openedAt) },
    { key: 'closedAt', header: t('shift.closedAt'), render: (s) => formatDateTime(s.closedAt) },
    {
      key: 'status',
      header: t('shift.statusFilter'),
      render: (s) => <ShiftStatus status={s.status} />,
    },
    moneyColumn('openingCash', t('shift.openingCash'), (s) => s.openingCash),
    moneyColumn('expectedCash', t('shift.expectedCash'), (s) => s.expectedCash, detail),
    moneyColumn('countedCash', t('shift.countedCash'), (s) => s.countedCash, detail),
    moneyColumn('difference', t('shift.difference'), (s) => s.difference, {
      ...detail,
      cellSx: (s) => ({ color: s.difference ? 'error.main' : undefined }),
    }),
  ];
  return (
    <ListPage
      title={t('shift.title')}
      above={
        <>
          {shift ? (
            <Paper variant="outlined" sx={{ p: 1.5, mb: 1.5 }} data-testid="current-shift">
              <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                <ShiftStatus status="open" />
                <Typography variant="body2">
                  {t('shift.openSince', {
                    at: formatDateTime(shift.openedAt),
                    register: shift.register,
                  })}
                </Typography>
                {shift.totals && (
                  <>
                    <Typography variant="body2">
                      {t('shift.salesShort', {
                        amount: formatPiasters(shift.totals.sales),
                        count: shift.totals.invoiceCount,
                      })}
                    </Typography>
                    <Typography variant="body2">
                      {t('shift.expectedShort', {
                        amount: formatPiasters(shift.totals.expectedCash),
                      })}
                    </Typography>
                  </>
                )}
                <Box sx={{ flex: 1 }} />
                {actions.buttons(true, ['x-report-open', 'close-shift'])}
              </Stack>
            </Paper>
          ) : (
            !current.isLoading && (
              <Alert severity="info" sx={{ mb: 1.5 }}>
                {t('shift.noneOpen')}{' '}
                <Link component={RouterLink} to={routePath('POS')}>
                  {t('shift.goPos')}
                </Link>
              </Alert>
            )
          )}
          <Stack direction="row" sx={{ gap: 1, mb: 1 }}>
            <SelectFilter
              {...filter.select('status', t('shift.statusFilter'), 150)}
              allLabel={t('filters.all')}
              options={optionsOf(['open', 'closed'], (v) => t(`shift.status.${v}`))}
            />
          </Stack>
        </>
      }
      query={list}
      paging={filter.paging}
      columns={columns}
      rowTestId="shift-row"
      emptyText={t('shift.empty')}
    >
      {actions.dialogs}
    </ListPage>
  );
}
