import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { formatPiasters, routePath } from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useLiveEvent, useLiveResync } from '../../../shared/realtime';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { DataTable, moneyColumn } from '../../../shared/ui/DataTable';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { sessionUserState } from '../../../shared/state';
import { useCan } from '../../../shared/state/useCan';
import { salesApi, salesKeys } from '../api/sales.api';
import { ByMethodTable } from './ByMethodTable';
import { countedFigures } from '../lib/totals';
import { DetailColumns, Facts, Panel, type Fact } from '../../../shared/ui/DetailKit';
import { formatDateTime } from '../../../shared/ui/print';
import { DENOMINATIONS, ShiftStatus, useShiftActions } from './ShiftsPage';

/** /Shift/{id}: totals (can_see_shift_totals), per method, cash count, X/Z report, close. */
export default function ShiftPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('sales');
  const can = useCan();
  const user = useAtomValue(sessionUserState);
  const queryClient = useQueryClient();
  const shift = useQuery({
    queryKey: salesKeys.shift(id),
    queryFn: () => salesApi.shift(id),
    meta: { detail: true },
    enabled: !!id,
  });
  // Totals move live while the shift is open: every sale or return of it sends `shift.totals`.
  useLiveEvent('shift.totals', (event) => {
    if (event.payload.shiftId === id) void shift.refetch();
  });
  useLiveEvent('shift.closed', (event) => {
    if (event.payload.shiftId === id) void shift.refetch();
  });
  useLiveResync(() => void shift.refetch());
  const actions = useShiftActions(shift.data, (closed) =>
    queryClient.setQueryData(salesKeys.shift(id), closed),
  );
  useErrorToast(shift.error);
  const s = shift.data;
  if (!s) return shift.isLoading ? <LinearProgress /> : null;
  const totals = s.totals;
  const canClose = s.status === 'open' && (s.cashierId === user?.id || can('view_all_shifts'));
  const money = (n: number | null | undefined) =>
    n === null || n === undefined ? '—' : formatPiasters(n);

  return (
    <Box data-testid="shift-page">
      <PageHeader
        title={t('shift.detailTitle', { name: s.cashierName, register: s.register })}
        meta={<ShiftStatus status={s.status} />}
        actions={actions.buttons(canClose, ['shift-report'])}
      />
      <DetailColumns columns="1fr 1fr">
        <Panel>
          <Facts
            rows={[
              [t('shift.openedAt'), formatDateTime(s.openedAt)],
              [t('shift.closedAt'), formatDateTime(s.closedAt) || '—'],
              [t('shift.openingCash'), money(s.openingCash)],
              ...(totals
                ? ([
                    ...countedFigures(t, totals),
                    totals.profit !== undefined && [t('shift.profit'), money(totals.profit)],
                    [t('shift.onAccountCredit'), money(totals.onAccount.credit)],
                    [t('shift.onAccountInstallment'), money(totals.onAccount.installment)],
                    [t('shift.cashIn'), money(totals.cashIn)],
                  ] as Fact[])
                : []),
              [t('shift.expectedCash'), money(s.expectedCash ?? totals?.expectedCash)],
              [t('shift.countedCash'), money(s.countedCash)],
              [t('shift.difference'), money(s.difference)],
            ]}
          />
          <Box sx={{ mt: 1 }}>
            <Link
              component={RouterLink}
              to={`${routePath('invoices')}?shiftId=${encodeURIComponent(s.id)}`}
            >
              {t('shift.invoicesLink')}
            </Link>
          </Box>
        </Panel>
        <Stack sx={{ gap: 1.5 }}>
          {totals && (
            <Paper variant="outlined">
              <ByMethodTable rows={totals.byMethod} />
            </Paper>
          )}
          {s.denominations && Object.keys(s.denominations).length > 0 && (
            <Paper variant="outlined">
              <DataTable<(typeof DENOMINATIONS)[number]>
                columns={[
                  {
                    key: 'denomination',
                    header: t('shift.byDenomination'),
                    render: (d) => t('shift.denomination', { value: d.label }),
                  },
                  {
                    key: 'pieces',
                    header: t('shift.pieces'),
                    align: 'right',
                    render: (d) => s.denominations?.[d.label],
                  },
                  moneyColumn(
                    'amount',
                    t('shift.amount'),
                    (d) => (s.denominations?.[d.label] ?? 0) * d.piasters,
                  ),
                ]}
                rows={DENOMINATIONS.filter((d) => (s.denominations?.[d.label] ?? 0) > 0)}
                rowKey={(d) => d.label}
                ariaLabel={t('shift.byDenomination')}
                hover={false}
                scroll={false}
              />
            </Paper>
          )}
        </Stack>
      </DetailColumns>
      {actions.dialogs}
    </Box>
  );
}
