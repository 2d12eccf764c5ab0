import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatPiasters, routePath, type DashboardDto } from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { liveStatusState, useLiveEvent } from '../../../shared/realtime';
import { dashboardApi, dashboardKeys } from '../api/dashboard.api';
import { formatDay, formatTime } from '../../../shared/lib/format';
import { DataTable } from '../../../shared/ui/DataTable';
import { columnsOf, type ColumnSpec } from '../../../shared/ui/listColumns';

/** Coalesce bursts of events into one refetch at most every REFRESH_MS. */
const REFRESH_MS = 400;

function useThrottledRefetch(): () => void {
  const queryClient = useQueryClient();
  const timer = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );
  return () => {
    if (timer.current !== null) return;
    timer.current = window.setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    }, REFRESH_MS);
  };
}

function Kpi({
  label,
  value,
  testId,
  to,
}: {
  label: string;
  value: ReactNode;
  testId: string;
  to?: string;
}) {
  return (
    <Paper
      variant="outlined"
      {...(to ? { component: Link, to } : {})}
      sx={{
        p: 1.75,
        textDecoration: 'none',
        color: 'text.primary',
        ...(to ? { '&:hover': { borderColor: 'primary.main' } } : {}),
      }}
    >
      <Typography sx={{ fontSize: 12, color: 'text.secondary', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography sx={{ fontSize: 24, fontWeight: 800, mt: 0.5 }} data-testid={testId}>
        {value}
      </Typography>
    </Paper>
  );
}

/** A titled panel of the dashboard; `empty` (a text) replaces its content. */
function Panel(props: {
  title: ReactNode;
  empty: string | false;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 1.75 }} data-testid={props.testId}>
      <Typography sx={{ fontWeight: 700, mb: 1 }}>{props.title}</Typography>
      {props.empty ? <Typography color="text.secondary">{props.empty}</Typography> : props.children}
    </Paper>
  );
}

/** The branch's dashboard figures (one query, shared by the home page and this panel). */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.all,
    queryFn: dashboardApi.get,
    staleTime: 60_000,
  });
}

/**
 * The home page's live dashboard for the user's branch: today's sales, invoices, average basket,
 * payments per method, open shifts (with totals when allowed), recent sales and the low-stock
 * count. Each part appears only when the server sent it (permissions); figures refetch as
 * `sale.completed`, `shift.*` and `stock.low` events for the branch arrive.
 */
export function LiveDashboard() {
  const { t, i18n } = useTranslation('home');
  const { data, isPending } = useDashboard();
  const status = useAtomValue(liveStatusState);
  const refetch = useThrottledRefetch();
  const queryClient = useQueryClient();
  const forThisBranch = (branchId: string) => !data?.branchId || data.branchId === branchId;
  const onBranchEvent = (e: { branchId: string }) => forThisBranch(e.branchId) && refetch();
  useLiveEvent('sale.completed', onBranchEvent);
  useLiveEvent('shift.opened', onBranchEvent);
  useLiveEvent('shift.totals', onBranchEvent);
  useLiveEvent('shift.closed', onBranchEvent);
  useLiveEvent('cheque.due', onBranchEvent);
  useLiveEvent('stock.low', (e) => {
    if (!data || data.branchId !== e.branchId || data.lowStockCount === undefined) return;
    // The event carries the branch's new count: show it at once.
    queryClient.setQueryData<DashboardDto>(dashboardKeys.all, (old) =>
      old ? { ...old, lowStockCount: e.payload.count } : old,
    );
  });

  const money = (amount: number) => t('money', { amount: formatPiasters(amount) });
  const time = (iso: string) => formatTime(iso);
  const methodName = (m: { methodName: string; methodNameEn?: string | null }) =>
    (i18n.language === 'en' && m.methodNameEn) || m.methodName;

  if (isPending) return <Skeleton variant="rounded" height={120} />;
  if (!data) return null;
  /** The columns of `rows`, each headed by its `dashboard.*` text. */
  const columns = <T,>(_rows: readonly T[], list: ColumnSpec<T>[]) =>
    columnsOf<T>((key) => t(`dashboard.${key}`), list);
  const table = (ariaLabel: string, rowTestId?: string) =>
    ({ ariaLabel, rowTestId, hover: false, scroll: false }) as const;
  const amount = (value: number | undefined) => (value === undefined ? value : money(value));
  // The figures the server sent (by permission); returns only when there were some.
  const kpis: [string, ReactNode, string, string?][] = [
    ['sales', amount(data.sales), 'dash-sales'],
    ['invoices', data.invoiceCount, 'dash-invoices'],
    ['averageBasket', amount(data.averageBasket), 'dash-average'],
    ['returns', (data.returns ?? 0) > 0 ? amount(data.returns) : undefined, 'dash-returns'],
    ['profit', amount(data.profit), 'dash-profit'],
    ['lowStock', data.lowStockCount, 'dash-low-stock', routePath('LowStock')],
  ];

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="live-dashboard">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" sx={{ fontWeight: 700 }}>
          {data.branchName
            ? t('dashboard.titleBranch', { branch: data.branchName })
            : t('dashboard.title')}
        </Typography>
        <Chip
          size="small"
          label={t('dashboard.today', { date: formatDay(data.date) })}
          variant="outlined"
        />
        <Chip
          size="small"
          color={status === 'connected' ? 'success' : 'default'}
          label={status === 'connected' ? t('dashboard.live') : t('dashboard.notLive')}
          data-testid="dashboard-live-chip"
        />
      </Box>

      {!data.salesAvailable && (
        <Typography color="text.secondary">{t('dashboard.salesUnavailable')}</Typography>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
        }}
      >
        {kpis.map(
          ([key, value, testId, to]) =>
            value !== undefined && (
              <Kpi key={key} label={t(`dashboard.${key}`)} value={value} testId={testId} to={to} />
            ),
        )}
      </Box>

      {data.dueCheques && (
        <Panel
          title={
            <Link to={routePath('Checks')} style={{ color: 'inherit' }}>
              {t('dashboard.dueCheques')}
            </Link>
          }
          empty={data.dueCheques.length === 0 && t('dashboard.noDueCheques')}
          testId="dash-due-cheques"
        >
          <DataTable
            {...table(t('dashboard.dueCheques'), 'dash-due-cheque')}
            rows={data.dueCheques}
            rowKey={(c) => c.id}
            columns={columns(data.dueCheques, [
              ['chequeDue', (c) => formatDay(c.dueDate)],
              ['chequeNumber', (c) => c.number, { dir: 'ltr' }],
              [
                'chequeParty',
                (c) => t(`dashboard.chequeDirection.${c.direction}`, { party: c.partyName }),
              ],
              ['total', (c) => money(c.amount)],
            ])}
          />
        </Panel>
      )}

      {data.byMethod && (
        <Panel
          title={t('dashboard.byMethod')}
          empty={data.byMethod.length === 0 && t('dashboard.noPayments')}
        >
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {data.byMethod.map((m) => (
              <Chip
                key={m.methodId}
                label={`${methodName(m)}: ${money(m.amount)}`}
                data-testid={`dash-method-${m.methodId}`}
              />
            ))}
          </Box>
        </Panel>
      )}

      {data.salesAvailable && (
        <Panel
          title={t('dashboard.openShifts')}
          empty={data.openShifts.length === 0 && t('dashboard.noOpenShifts')}
        >
          <DataTable
            {...table(t('dashboard.openShifts'))}
            rows={data.openShifts}
            rowKey={(s) => s.shiftId}
            rowProps={(s) => ({ 'data-testid': `dash-shift-${s.shiftId}` })}
            columns={columns(data.openShifts, [
              ['cashier', (s) => s.cashierName],
              ['openedAt', (s) => time(s.openedAt)],
              ['shiftInvoices', (s) => s.totals?.invoiceCount ?? t('dashboard.hidden')],
              [
                'shiftSales',
                (s) =>
                  s.totals ? money(s.totals.sales - s.totals.returns) : t('dashboard.hidden'),
              ],
              [
                'byMethod',
                (s) =>
                  s.totals
                    ? s.totals.byMethod
                        .map((m) => `${m.methodName}: ${money(m.amount)}`)
                        .join(' · ') || '—'
                    : t('dashboard.hidden'),
              ],
            ])}
          />
        </Panel>
      )}

      {data.recentSales && (
        <Panel
          title={t('dashboard.recentSales')}
          empty={data.recentSales.length === 0 && t('dashboard.noSales')}
        >
          <DataTable
            {...table(t('dashboard.recentSales'))}
            testId="dash-recent"
            rows={data.recentSales}
            rowKey={(s) => s.invoiceId}
            columns={columns(data.recentSales, [
              ['number', (s) => s.number, { dir: 'ltr', sx: { fontFamily: 'monospace' } }],
              ['cashier', (s) => s.cashierName],
              ['time', (s) => time(s.createdAt)],
              [
                'total',
                (s) => (s.total === undefined ? '' : money(s.total)),
                { hidden: !data.recentSales.some((s) => s.total !== undefined) },
              ],
            ])}
          />
        </Panel>
      )}
    </Box>
  );
}
