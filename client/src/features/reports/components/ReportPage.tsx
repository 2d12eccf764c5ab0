import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatPiasters,
  SALES_REPORTS,
  STATS_REPORTS,
  type ReportColumnDto,
  type ReportFilter,
  type ReportResultDto,
  type ReportRow,
  type VariantResponseDto,
} from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { methodName, usePaymentMethods } from '../../../shared/api/paymentMethods';
import { formatDay, formatNumber } from '../../../shared/lib/format';
import { currentBranchState, documentTitleOverrideState } from '../../../shared/state';
import { useCan } from '../../../shared/state/useCan';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { TablePager } from '../../../shared/ui/TablePager';
import { usePaging } from '../../../shared/ui/usePaging';
import { ReportShell, usePeriodFilters, useReportQuery } from '../../accounting';
import { CategoryFilter, VariantPicker } from '../../catalog';
import { reportKeys, reportsApi, type ReportQuery } from '../api/reports.api';
import { useExcelExport } from './useExcelExport';

// The report page (issue 19): any report of /api/Reports/{key} (SALES_REPORTS and STATS_REPORTS,
// the one route /Reports/:key) — the filters the report takes (period only with
// can_use_date_filter, branch only for who sees every branch), a sortable, paged table with a
// totals row, a chart where the report names one, print (A4) and an Excel export with progress.
// The server applies every permission; this only hides what the user cannot change.

const ReportChart = lazy(() => import('./ReportChart'));
const DEFAULT_DEAD_DAYS = 30;

/**
 * /Reports/Sales, /Reports/DeadStock, …: the report the path names. Each needs its permission
 * keys (the server refuses them too): a user without them gets the not-found page, as for an
 * unknown key.
 */
export default function ReportPage() {
  const { key = '' } = useParams();
  const { t } = useTranslation(['reports', 'shell']);
  const can = useCan();
  const meta = [...SALES_REPORTS, ...STATS_REPORTS].find(
    (r) => r.key.toLowerCase() === key.toLowerCase() && can(...r.permissions),
  );
  const setTitle = useSetAtom(documentTitleOverrideState);
  const title = meta ? t(`titles.${meta.key}`) : null;
  useEffect(() => {
    setTitle(title);
    return () => setTitle(null);
  }, [title, setTitle]);
  if (!meta)
    return (
      <Typography component="h1" variant="h5" data-testid="report-not-found">
        {t('shell:error.notFound')}
      </Typography>
    );
  return <Report key={meta.key} reportKey={meta.key} filters={meta.filters} />;
}

type Cell = ReportRow[string];
const ltr = (text: string) => <bdi dir="ltr">{text}</bdi>;
const count = (v: Cell) => ltr(formatNumber(Number(v)));
/** A value as the column's type shows it (money in pounds, Western digits, left to right). */
const FORMATS: Partial<Record<ReportColumnDto['type'], (value: Cell) => ReactNode>> = {
  money: (v) => ltr(formatPiasters(Number(v))),
  quantity: count,
  count,
  percent: (v) => ltr(`${formatNumber(Number(v), 2)}%`),
  hour: (v) => ltr(`${String(v).padStart(2, '0')}:00`),
  date: (v) => formatDay(String(v)),
};
const formatCell = (type: ReportColumnDto['type'], value: Cell): ReactNode =>
  value === null || value === undefined ? '' : (FORMATS[type]?.(value) ?? String(value));

const NUMERIC = new Set(['money', 'quantity', 'count', 'percent']);

/** One report: its filters, table, chart, print and export. */
function Report({
  reportKey,
  filters: takes,
}: {
  reportKey: string;
  filters: readonly ReportFilter[];
}) {
  const { t, i18n } = useTranslation('reports');
  const can = useCan();
  const paging = usePaging(50);
  const period = usePeriodFilters((key) => t(`filters.${key}`), {
    dates: takes.includes('period'),
    branch: takes.includes('branch'),
    testId: 'report',
    onChange: () => paging.reset(),
  });
  const currentBranch = useAtomValue(currentBranchState);
  const methods = usePaymentMethods(false, takes.includes('method'));
  const [cashierId, setCashierId] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [methodId, setMethodId] = useState('');
  const [groupBy, setGroupBy] = useState<'day' | 'week' | 'month'>('day');
  const [sort, setSort] = useState<string | undefined>(undefined);
  const [variant, setVariant] = useState<VariantResponseDto | null>(null);
  const [days, setDays] = useState(String(DEFAULT_DEAD_DAYS));
  const [party, setParty] = useState<'' | 'customer' | 'vendor'>('');
  const dayCount = Number.parseInt(days, 10);
  const base: ReportQuery = {
    ...period.query,
    ...(takes.includes('cashier') ? { cashierId: cashierId || undefined } : {}),
    ...(takes.includes('category') ? { categoryId: categoryId || undefined } : {}),
    ...(takes.includes('method') ? { methodId: methodId || undefined } : {}),
    ...(takes.includes('groupBy') ? { groupBy } : {}),
    ...(takes.includes('variant') && variant ? { variantId: variant.id } : {}),
    ...(takes.includes('days')
      ? { days: Number.isFinite(dayCount) && dayCount > 0 ? dayCount : DEFAULT_DEAD_DAYS }
      : {}),
    ...(takes.includes('party') && party ? { party } : {}),
  };
  const query: ReportQuery = {
    ...base,
    sort,
    offset: paging.page * paging.pageSize,
    limit: paging.pageSize,
  };
  const report = useReportQuery(reportKeys.report(reportKey, query), () =>
    reportsApi.get(reportKey, query),
  );
  // The cashiers of the period (and branch) for the cashier filter: the by-cashier report.
  const cashierQuery: ReportQuery = { ...base, cashierId: undefined, limit: 1000 };
  const cashiers = useQuery({
    queryKey: reportKeys.report('SalesByCashier', cashierQuery),
    queryFn: () => reportsApi.get('SalesByCashier', cashierQuery),
    enabled: takes.includes('cashier'),
    staleTime: 60_000,
  });
  const d = report.data;
  const excel = useExcelExport(reportKey, { ...base, sort }, d?.count ?? 0);
  // The page keeps the focus on its heading (after a navigation the layout puts it there; a
  // report switched in place or drawn again when its data arrives must not drop it to <body>).
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      const heading = document.querySelector<HTMLElement>(`[data-testid="report-${reportKey}"] h1`);
      if (!heading) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [reportKey, report.data]);

  const title = t(`titles.${reportKey}`);
  const branchName = d?.filters.branchId
    ? (period.branchName(d.filters.branchId) ?? currentBranch?.name ?? '')
    : t('filters.allBranches');
  const rangeText = d
    ? [
        d.filters.from === d.filters.to
          ? t('rangeDay', { day: formatDay(d.filters.from) })
          : t('range', { from: formatDay(d.filters.from), to: formatDay(d.filters.to) }),
        t('branchLabel', { name: branchName }),
      ].join(' — ')
    : '';

  const visible = (d?.columns ?? []).filter((c) => c.type !== 'id');
  const label = (c: ReportColumnDto) => t(`columns.${c.key}`);
  const cell = (c: ReportColumnDto, row: ReportRow): ReactNode => {
    if (row.__totals) {
      if (c.key === visible[0]?.key) return t('totals');
      if (!NUMERIC.has(c.type)) return '';
    }
    if (row[c.key] === null || row[c.key] === undefined) return '';
    if (c.key === 'reason' && row[c.key] === '') return t('noReason');
    if (c.key === 'category' && !row[c.key]) return t('noCategory');
    if (c.key === 'weekday') return t(`weekdays.${row[c.key]}`);
    return formatCell(c.type, row[c.key]);
  };
  const sortKey = sort?.replace(/^-/, '');
  const columns: Column<ReportRow>[] = visible.map((c) => ({
    key: c.key,
    header: (
      <TableSortLabel
        active={sortKey === c.key}
        direction={sortKey === c.key && sort?.startsWith('-') ? 'desc' : 'asc'}
        onClick={() => {
          setSort(sortKey === c.key && !sort?.startsWith('-') ? `-${c.key}` : c.key);
          paging.reset();
        }}
      >
        {label(c)}
      </TableSortLabel>
    ),
    render: (row) => cell(c, row),
    align: NUMERIC.has(c.type) ? 'right' : undefined,
    nowrap: NUMERIC.has(c.type),
  }));
  const rows = d?.rows ?? [];
  const totalsRow: ReportRow | null = d?.totals ? { __totals: 1, ...d.totals } : null;
  const table = (forPrint: boolean) => (
    <DataTable
      ariaLabel={title}
      columns={
        forPrint
          ? columns.map((c) => ({ ...c, header: label(visible.find((v) => v.key === c.key)!) }))
          : columns
      }
      rows={totalsRow ? [...rows, totalsRow] : rows}
      rowKey={(row) =>
        row.__totals
          ? '__totals'
          : JSON.stringify(visible.map((c) => row[c.key])) + String(row.id ?? '')
      }
      rowProps={(row) =>
        row.__totals
          ? { sx: { '& td': { fontWeight: 700, borderTop: 2 } }, 'data-testid': 'report-totals' }
          : { 'data-testid': 'report-row' }
      }
      busy={!forPrint && report.isFetching}
      loading={!d}
      emptyText={t('empty')}
      emptyTestId="report-empty"
    />
  );
  const reset = paging.withReset;
  return (
    <ReportShell
      testId={`report-${reportKey}`}
      title={title}
      rangeText={rangeText}
      ready={!!d}
      excel={{ label: t('excel'), busy: excel.busy, start: () => void excel.start() }}
      printLabel={t('print')}
      notice={
        excel.busy && (
          <Box sx={{ mb: 1.5 }} data-testid="report-export-progress">
            <Typography variant="body2" color="text.secondary">
              {t('exporting', { progress: excel.progress })}
            </Typography>
            <LinearProgress variant="determinate" value={excel.progress} aria-label={t('excel')} />
          </Box>
        )
      }
      filtersTestId="report-filters"
      paper={() => table(true)}
      filters={
        <>
          {period.dateFilters}
          {takes.includes('period') && !period.canDates && (
            <Typography variant="body2" color="text.secondary" data-testid="report-today-only">
              {t('filters.today')}
            </Typography>
          )}
          {takes.includes('groupBy') && (
            <SelectFilter
              label={t('filters.groupBy')}
              value={groupBy}
              onChange={reset((v: string) => setGroupBy((v || 'day') as 'day' | 'week' | 'month'))}
              allLabel={t('filters.day')}
              allValue="day"
              minWidth={140}
              options={[
                { value: 'week', label: t('filters.week') },
                { value: 'month', label: t('filters.month') },
              ]}
            />
          )}
          {period.branchFilter}
          {takes.includes('cashier') && (
            <SelectFilter
              label={t('filters.cashier')}
              value={cashierId}
              onChange={reset(setCashierId)}
              allLabel={t('filters.allCashiers')}
              minWidth={180}
              options={(cashiers.data?.rows ?? []).map((r) => ({
                value: String(r.id),
                label: String(r.cashier),
              }))}
            />
          )}
          {takes.includes('category') && (
            <CategoryFilter
              label={t('filters.category')}
              allLabel={t('filters.allCategories')}
              value={categoryId}
              onChange={reset(setCategoryId)}
            />
          )}
          {takes.includes('method') && (
            <SelectFilter
              label={t('filters.method')}
              value={methodId}
              onChange={reset(setMethodId)}
              allLabel={t('filters.allMethods')}
              minWidth={180}
              options={(methods.data ?? []).map((m) => ({
                value: m.id,
                label: methodName(m, i18n.language),
              }))}
            />
          )}
          {takes.includes('variant') && (
            <Box sx={{ inlineSize: 320 }}>
              <VariantPicker
                value={variant}
                onChange={setVariant}
                label={t('reportFilters.variant')}
                testId="report-variant"
              />
            </Box>
          )}
          {takes.includes('days') && (
            <TextField
              size="small"
              type="number"
              label={t('reportFilters.days')}
              value={days}
              onChange={(e) => setDays(e.target.value)}
              slotProps={{
                htmlInput: { min: 1, max: 3650, dir: 'ltr', 'data-testid': 'report-days' },
              }}
              sx={{ inlineSize: 160 }}
            />
          )}
          {takes.includes('party') && (
            <SelectFilter<'' | 'customer' | 'vendor'>
              label={t('reportFilters.party')}
              value={party}
              onChange={setParty}
              allLabel={t('reportFilters.allParties')}
              minWidth={180}
              options={[
                { value: 'customer', label: t('reportFilters.customers') },
                ...(can('can_see_vendors')
                  ? [{ value: 'vendor' as const, label: t('reportFilters.vendors') }]
                  : []),
              ]}
            />
          )}
        </>
      }
    >
      {d?.chart && d.rows.length > 0 && (
        <Paper variant="outlined" sx={{ p: 1.5, mb: 1.5 }} data-testid="report-chart">
          <Suspense fallback={<Box sx={{ blockSize: 280 }} />}>
            <ReportChart report={d as ReportResultDto} label={label} title={title} />
          </Suspense>
        </Paper>
      )}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }} data-testid="report-table">
        {table(false)}
        {d && d.count > paging.pageSize && (
          <TablePager paging={paging} count={d.count} ns="reports" />
        )}
      </Paper>
    </ReportShell>
  );
}
