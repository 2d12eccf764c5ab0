import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatPiasters, PERFORMANCE_MIN_HOURS, type PerformanceRowDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { formatDay, formatNumber } from '../../../shared/lib/format';
import { type Column, DataTable } from '../../../shared/ui/DataTable';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { RowLink } from '../../../shared/ui/RowLink';
import { statisticsApi, statisticsKeys } from '../api/statistics.api';
import { usePeriodFilters, useReportQuery } from '../../accounting';
import { ChartPanel, poundsFormatter } from './ChartPanel';

const money = (v: number) => formatPiasters(v);
const pct = (v: number) => `${formatNumber(v, 1)}%`;

/** The invoices list filtered by that person (and the page's period and branch). */
export function invoicesHref(row: PerformanceRowDto, from: string, to: string): string {
  const params = new URLSearchParams({
    cashierId: row.userId,
    cashierName: row.userName,
    branchId: row.branchId,
    from,
    to,
  });
  return `/invoices?${params.toString()}`;
}

/** How much of the discount cap the largest discount used: a bar, red at or over the cap. */
function CapUse({ row }: { row: PerformanceRowDto }) {
  const { t } = useTranslation('reports', { keyPrefix: 'stats' });
  if (row.capUsedPercent === null)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('performance.noCap')}
      </Typography>
    );
  const used = row.capUsedPercent;
  return (
    <Stack sx={{ minInlineSize: 110, gap: 0.25 }}>
      <bdi dir="ltr">{`${pct(row.maxDiscountPercent)} / ${pct(row.discountCap)}`}</bdi>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, used)}
        color={used >= 100 ? 'error' : used >= 80 ? 'warning' : 'primary'}
        aria-label={t('performance.capUsed', { value: formatNumber(used, 1) })}
      />
    </Stack>
  );
}

/** /Performance: per employee and branch, ranked by sales amount, with a drill-down to invoices. */
export default function PerformancePage() {
  const { t } = useTranslation('reports', { keyPrefix: 'stats' });
  const filters = usePeriodFilters((key) => t(`filters.${key}`), { testId: 'stats' });
  const query = filters.query;
  const perf = useReportQuery(statisticsKeys.performance(query), () =>
    statisticsApi.performance(query),
  );
  const data = perf.data;
  const rows = data?.rows ?? [];
  const showProfit = rows.some((r) => r.profit !== undefined);

  // An amount or a count: at the end of the cell, left to right.
  const num = (
    key: string,
    header: string,
    render: Column<PerformanceRowDto>['render'],
    extra?: Partial<Column<PerformanceRowDto>>,
  ): Column<PerformanceRowDto> => ({ key, header, align: 'right', ltr: true, render, ...extra });
  const columns: Column<PerformanceRowDto>[] = [
    { key: 'rank', header: t('performance.rank'), ltr: true, render: (r) => r.rank },
    {
      key: 'user',
      header: t('performance.user'),
      stopPropagation: true,
      render: (r) =>
        data ? (
          <RowLink to={invoicesHref(r, data.from, data.to)}>{r.userName}</RowLink>
        ) : (
          r.userName
        ),
    },
    { key: 'branch', header: t('performance.branch'), render: (r) => r.branchName },
    num('count', t('performance.salesCount'), (r) => formatNumber(r.salesCount)),
    num('amount', t('performance.salesAmount'), (r) => money(r.salesAmount)),
    num('basket', t('kpi.averageBasket'), (r) => money(r.averageBasket)),
    num(
      'returns',
      t('performance.returns'),
      (r) => `${formatNumber(r.returnsCount)} · ${money(r.returnsAmount)}`,
    ),
    num(
      'discounts',
      t('performance.discounts'),
      (r) => `${money(r.discounts)} (${pct(r.discountPercent)})`,
    ),
    { key: 'cap', header: t('performance.cap'), render: (r) => <CapUse row={r} /> },
    num('voids', t('performance.voids'), (r) => formatNumber(r.voids)),
    num(
      'diff',
      t('performance.cashDifference'),
      (r) => `${money(r.cashDifference)} (${formatNumber(r.shiftCount)})`,
      { cellSx: (r) => (r.cashDifference < 0 ? { color: 'error.main' } : {}) },
    ),
    num('hours', t('performance.hours'), (r) => formatNumber(r.hoursWorked, 2)),
    {
      key: 'perHour',
      header: t('performance.perHour'),
      align: 'right',
      ltr: true,
      // below the minimum of hours worked the rate means nothing: "—" with the rule as its hint
      render: (r) =>
        r.salesPerHour === null ? (
          <span title={t('performance.perHourTooFew', { hours: PERFORMANCE_MIN_HOURS })}>—</span>
        ) : (
          money(r.salesPerHour)
        ),
    },
    num('profit', t('kpi.profit'), (r) => money(r.profit ?? 0), { hidden: !showProfit }),
  ];
  const top = rows.slice(0, 10);

  return (
    <Box>
      <PageHeader
        title={t('performance.title')}
        subtitle={
          data
            ? t('performance.range', { from: formatDay(data.from), to: formatDay(data.to) })
            : undefined
        }
        titleTestId="performance-title"
      />
      <Stack direction="row" sx={{ gap: 1.5, mb: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        {filters.filters}
      </Stack>
      {top.length > 0 && (
        <ChartPanel title={t('performance.ranking')} mb={1.5}>
          <BarChart
            height={260}
            xAxis={[{ scaleType: 'band', data: top.map((r) => `${r.rank}. ${r.userName}`) }]}
            series={[
              {
                data: top.map((r) => r.salesAmount / 100),
                label: t('performance.salesAmount'),
                valueFormatter: poundsFormatter,
              },
            ]}
            localeText={{ noData: t('empty'), loading: t('loading') }}
          />
        </ChartPanel>
      )}
      <Paper variant="outlined">
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(r) => `${r.userId}:${r.branchId}`}
          ariaLabel={t('performance.title')}
          busy={perf.isFetching}
          loading={!data}
          emptyText={t('empty')}
          rowTestId="performance-row"
        />
      </Paper>
    </Box>
  );
}
