import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { ReportColumnDto, ReportResultDto, ReportRow } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { formatDay, formatNumber } from '../../../shared/lib/format';

// A report's chart (MUI X Charts, in the report pages' own chunk — never the shell's): a line
// over periods, bars of the top rows, a pie of shares, or the weekday × hour heat map (a grid of
// cells: the MUI heat map is a paid plan). Money is drawn in pounds.

const TOP = 12;

type Props = {
  report: ReportResultDto;
  title: string;
  label: (c: ReportColumnDto) => string;
};

export default function ReportChart({ report, title, label }: Props) {
  const chart = report.chart!;
  const col = (key: string) => report.columns.find((c) => c.key === key)!;
  const value = (key: string, row: ReportRow) =>
    col(key).type === 'money' ? Number(row[key] ?? 0) / 100 : Number(row[key] ?? 0);
  const fmt = (key: string) => (v: number | null) =>
    v === null ? '' : formatNumber(v, col(key).type === 'money' ? 2 : 3);
  const name = (row: ReportRow) => {
    const x = row[chart.x];
    if (col(chart.x).type === 'date') return formatDay(String(x));
    return x === null || x === '' ? '—' : String(x);
  };
  if (chart.kind === 'heatmap') return <Heatmap report={report} title={title} />;
  if (chart.kind === 'line') {
    const rows = [...report.rows].sort((a, b) =>
      String(a[chart.x]).localeCompare(String(b[chart.x])),
    );
    return (
      <LineChart
        height={280}
        xAxis={[{ scaleType: 'point', data: rows.map(name) }]}
        series={chart.series.map((s) => ({
          label: label(col(s)),
          data: rows.map((r) => value(s, r)),
          valueFormatter: fmt(s),
        }))}
      />
    );
  }
  const s = chart.series[0];
  const top = [...report.rows].sort((a, b) => value(s, b) - value(s, a)).slice(0, TOP);
  if (chart.kind === 'pie') {
    return (
      <PieChart
        height={260}
        series={[
          {
            data: top.map((r, i) => ({ id: i, value: Math.max(0, value(s, r)), label: name(r) })),
            valueFormatter: (item) => fmt(s)(item.value),
            innerRadius: 40,
          },
        ]}
      />
    );
  }
  return (
    <BarChart
      height={300}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: top.map(name), width: 160 }]}
      series={[{ label: label(col(s)), data: top.map((r) => value(s, r)), valueFormatter: fmt(s) }]}
    />
  );
}

/** Weekday rows × hour columns, each cell's colour by its value (the darker, the more). */
function Heatmap({ report, title }: { report: ReportResultDto; title: string }) {
  const { t } = useTranslation('reports');
  const theme = useTheme();
  const chart = report.chart!;
  const s = chart.series[0];
  const y = chart.y ?? 'weekday';
  const hours = [...new Set(report.rows.map((r) => Number(r[chart.x])))].sort((a, b) => a - b);
  const byCell = new Map(report.rows.map((r) => [`${r[y]}:${r[chart.x]}`, Number(r[s] ?? 0)]));
  const max = Math.max(1, ...byCell.values());
  return (
    <Box>
      <Box
        role="table"
        aria-label={title}
        sx={{
          display: 'grid',
          gridTemplateColumns: `7rem repeat(${hours.length}, minmax(1.75rem, 1fr))`,
          gap: '2px',
          overflowX: 'auto',
        }}
      >
        <Box role="row" sx={{ display: 'contents' }}>
          <Box role="columnheader" />
          {hours.map((h) => (
            <Box role="columnheader" key={h} sx={{ textAlign: 'center', fontSize: 12 }} dir="ltr">
              {String(h).padStart(2, '0')}
            </Box>
          ))}
        </Box>
        {[0, 1, 2, 3, 4, 5, 6].map((d) => (
          <Box role="row" key={d} sx={{ display: 'contents' }}>
            <Box role="rowheader" sx={{ fontSize: 13 }}>
              {t(`weekdays.${d}`)}
            </Box>
            {hours.map((h) => {
              const v = byCell.get(`${d}:${h}`) ?? 0;
              const text = t('heatmapCell', {
                day: t(`weekdays.${d}`),
                hour: `${String(h).padStart(2, '0')}:00`,
                value: formatNumber(v / 100, 2),
              });
              return (
                <Tooltip key={h} title={text}>
                  <Box
                    role="cell"
                    aria-label={text}
                    data-testid="heatmap-cell"
                    sx={{
                      blockSize: 26,
                      borderRadius: 0.5,
                      bgcolor: v
                        ? alpha(theme.palette.primary.main, 0.12 + 0.88 * (v / max))
                        : theme.palette.action.hover,
                    }}
                  />
                </Tooltip>
              );
            })}
          </Box>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t('heatmapLegend')}
      </Typography>
    </Box>
  );
}
