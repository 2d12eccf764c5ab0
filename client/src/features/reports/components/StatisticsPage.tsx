import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import {
  formatPiasters,
  type StatisticsCompare,
  type StatisticsDto,
  type StatisticsRankRow,
} from '@pos/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatNumber } from '../../../shared/lib/format';
import { type Column, DataTable } from '../../../shared/ui/DataTable';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { statisticsApi, statisticsKeys } from '../api/statistics.api';
import { usePeriodFilters, useReportQuery } from '../../accounting';
import { ChartPanel, poundsFormatter } from './ChartPanel';

const pounds = (piasters: number) => piasters / 100;
const money = (piasters: number | null) => (piasters === null ? '' : formatPiasters(piasters));
const CHART_HEIGHT = 300;
type Figure = 'revenue' | 'compareRevenue' | 'profit' | 'compareProfit';

/** A growth figure: +12.5% in green, −3% in red, nothing to compare with in grey. */
function Growth({ value, testId }: { value: number | null | undefined; testId: string }) {
  const { t } = useTranslation('reports', { keyPrefix: 'stats' });
  if (value === null || value === undefined)
    return <Chip size="small" label={t('growth.none')} data-testid={testId} />;
  const up = value >= 0;
  return (
    <Chip
      size="small"
      color={up ? 'success' : 'error'}
      variant="outlined"
      label={<bdi dir="ltr">{`${up ? '+' : '−'}${formatNumber(Math.abs(value), 1)}%`}</bdi>}
      data-testid={testId}
    />
  );
}

function Kpi({
  label,
  value,
  previous,
  growth,
  testId,
}: {
  label: string;
  value: ReactNode;
  previous: ReactNode;
  growth?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('reports', { keyPrefix: 'stats' });
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, minInlineSize: 180, flex: '1 1 180px' }}
      data-testid={testId}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
        <bdi dir="ltr" data-testid={`${testId}-value`}>
          {value}
        </bdi>
      </Typography>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {growth}
        <Typography variant="caption" color="text.secondary">
          {t('kpi.before')} <bdi dir="ltr">{previous}</bdi>
        </Typography>
      </Stack>
    </Paper>
  );
}

function useRankColumns(
  showProfit: boolean,
  label: (r: StatisticsRankRow) => string,
): Column<StatisticsRankRow>[] {
  const { t } = useTranslation('reports', { keyPrefix: 'stats' });
  return [
    { key: 'name', header: t('top.name'), render: label },
    {
      key: 'qty',
      header: t('top.quantity'),
      align: 'right',
      ltr: true,
      render: (r) => formatNumber(r.quantity),
    },
    {
      key: 'revenue',
      header: t('kpi.revenue'),
      align: 'right',
      ltr: true,
      render: (r) => money(r.revenue),
    },
    {
      key: 'profit',
      header: t('kpi.profit'),
      align: 'right',
      ltr: true,
      hidden: !showProfit,
      render: (r) => money(r.profit ?? 0),
    },
  ];
}

function TopPanel({
  title,
  rows,
  showProfit,
  testId,
}: {
  title: string;
  rows: StatisticsRankRow[];
  showProfit: boolean;
  testId: string;
}) {
  const { t, i18n } = useTranslation('reports', { keyPrefix: 'stats' });
  const label = (r: StatisticsRankRow) =>
    (i18n.language === 'en' && r.nameEn ? r.nameEn : r.name) || t('top.none');
  const columns = useRankColumns(showProfit, label);
  return (
    <ChartPanel title={title} testId={testId}>
      <BarChart
        height={Math.max(CHART_HEIGHT, rows.length * 28 + 60)}
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: rows.map(label), width: 140 }]}
        series={[
          {
            data: rows.map((r) => pounds(r.revenue)),
            label: t('kpi.revenue'),
            valueFormatter: poundsFormatter,
          },
        ]}
        localeText={{ noData: t('empty'), loading: t('loading') }}
      />
      <Box dir={i18n.dir()}>
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id || 'none'}
          ariaLabel={title}
          emptyText={t('empty')}
          rowTestId={`${testId}-row`}
        />
      </Box>
    </ChartPanel>
  );
}

type KpiRow = [
  label: string,
  id: string,
  value: string,
  previous: string,
  growth?: keyof StatisticsDto['growth'],
];

/** The key figures: label, test id suffix, now and before, and the growth shown (if any). */
const kpis = ({ current: now, previous: was }: StatisticsDto): KpiRow[] => [
  ['revenue', 'revenue', money(now.revenue), money(was.revenue), 'revenue'],
  ['profit', 'profit', money(now.profit ?? 0), money(was.profit ?? 0), 'profit'],
  [
    'invoices',
    'invoices',
    formatNumber(now.invoiceCount),
    formatNumber(was.invoiceCount),
    'invoiceCount',
  ],
  ['averageBasket', 'basket', money(now.averageBasket), money(was.averageBasket)],
  ['itemsPerSale', 'items', formatNumber(now.itemsPerSale), formatNumber(was.itemsPerSale)],
];

/** /statistics: revenue and profit against an earlier period, tops, basket, branches, growth. */
export default function StatisticsPage() {
  const { t } = useTranslation('reports', { keyPrefix: 'stats' });
  const filters = usePeriodFilters((key) => t(`filters.${key}`), { testId: 'stats' });
  const [compare, setCompare] = useState<StatisticsCompare>('year');
  const query = { ...filters.query, compare };
  const stats = useReportQuery(statisticsKeys.statistics(query), () =>
    statisticsApi.statistics(query),
  );
  const data: StatisticsDto | undefined = stats.data;
  const showProfit = data?.current.profit !== undefined;
  const days = (data?.trend ?? []).map((p) => formatDay(p.day));
  const tickStep = Math.max(1, Math.ceil(days.length / 8));
  // A chart's amounts in pounds, one series per figure (the profit ones only with the profit).
  const series = <R extends Partial<Record<Figure, number>>>(rows: R[], figures: Figure[]) =>
    figures
      .filter((f) => showProfit || !f.toLowerCase().includes('profit'))
      .map((f) => ({ data: rows.map((r) => pounds(r[f] ?? 0)), label: t(`trend.${f}`) }));

  return (
    <Box>
      <PageHeader
        title={t('title')}
        subtitle={
          data
            ? t('range', {
                from: formatDay(data.from),
                to: formatDay(data.to),
                compareFrom: formatDay(data.compareFrom),
                compareTo: formatDay(data.compareTo),
              })
            : undefined
        }
        titleTestId="statistics-title"
      />
      <Stack direction="row" sx={{ gap: 1.5, mb: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        {filters.filters}
        <SelectFilter<StatisticsCompare>
          label={t('compare.label')}
          value={compare}
          onChange={setCompare}
          allLabel={t('compare.year')}
          allValue="year"
          minWidth={200}
          options={[{ value: 'month', label: t('compare.month') }]}
        />
      </Stack>
      {stats.isFetching && <LinearProgress sx={{ blockSize: 2, mb: 1 }} />}
      {data && (
        <Stack sx={{ gap: 1.5 }}>
          <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
            {kpis(data)
              .filter(([label]) => showProfit || label !== 'profit')
              .map(([label, id, value, previous, growth]) => (
                <Kpi
                  key={id}
                  label={t(`kpi.${label}`)}
                  value={value}
                  previous={previous}
                  growth={growth && <Growth value={data.growth[growth]} testId={`growth-${id}`} />}
                  testId={`kpi-${id}`}
                />
              ))}
          </Stack>
          <ChartPanel title={t('trend.title')} testId="chart-trend">
            <LineChart
              height={CHART_HEIGHT}
              xAxis={[
                {
                  scaleType: 'point',
                  data: days,
                  // About eight dates under the axis, whatever the period's length.
                  tickLabelInterval: (_value, index) => index % tickStep === 0,
                },
              ]}
              series={series(data.trend, ['revenue', 'compareRevenue', 'profit', 'compareProfit'])}
              localeText={{ noData: t('empty'), loading: t('loading') }}
            />
          </ChartPanel>
          <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
            <TopPanel
              title={t('top.products')}
              rows={data.topProducts}
              showProfit={showProfit}
              testId="top-products"
            />
            <TopPanel
              title={t('top.categories')}
              rows={data.topCategories}
              showProfit={showProfit}
              testId="top-categories"
            />
          </Stack>
          {data.branches && (
            <ChartPanel title={t('branches.title')} testId="chart-branches">
              <BarChart
                height={CHART_HEIGHT}
                xAxis={[{ scaleType: 'band', data: data.branches.map((b) => b.branchName) }]}
                series={series(data.branches, ['revenue', 'compareRevenue', 'profit'])}
                localeText={{ noData: t('empty'), loading: t('loading') }}
              />
            </ChartPanel>
          )}
        </Stack>
      )}
    </Box>
  );
}
