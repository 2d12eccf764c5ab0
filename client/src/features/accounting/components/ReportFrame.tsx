import FileDownload from '@mui/icons-material/FileDownload';
import Print from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DateRangeFilter } from '../../../shared/ui/DateField';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { useAtomValue } from 'jotai';
import { keepPreviousData, useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import type { PeriodQuery } from '../api/accounting.api';
import { formatDay } from '../../../shared/lib/format';
import { sessionUserState } from '../../../shared/state';
import { useCan } from '../../../shared/state/useCan';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PrintArea, printSoon, useReceiptData } from '../../../shared/ui/print';
import { useBranchOptions } from '../../branches';
import { Money } from '../../../shared/ui/Money';

/** A report's amount: piasters as pounds with two decimals, Western digits, left to right. */
export const amount = (v: number) => <Money value={v} />;

/** Who may pick dates and branches on the books' reports (the server enforces both). */
export function useReportFilters(withBranches = true) {
  const can = useCan();
  const user = useAtomValue(sessionUserState);
  const canBranches = !!user?.isAdmin || can('can_see_branches');
  const branches = useBranchOptions(canBranches && withBranches);
  return {
    canDates: can('can_use_date_filter'),
    canBranches,
    branches: branches.data ?? [],
    branchName: (id: string | undefined) => branches.data?.find((b) => b.id === id)?.name,
  };
}

/** The branch filter (only for who sees every branch; the others read their own branch). */
export function BranchFilter({
  value,
  onChange,
  labels,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The filter's label and its "all branches" (default the books' reports'). */
  labels?: [string, string];
}) {
  // no namespace of its own: the statistics pages give their labels and load no books' texts
  const { t } = useTranslation();
  const { canBranches, branches } = useReportFilters();
  if (!canBranches) return null;
  return (
    <SelectFilter
      label={labels?.[0] ?? t('accounting:reports.branch')}
      value={value}
      onChange={onChange}
      allLabel={labels?.[1] ?? t('accounting:reports.allBranches')}
      minWidth={180}
      options={branches.map((b) => ({ value: b.id, label: b.name }))}
    />
  );
}

type PeriodLabel = 'from' | 'to' | 'branch' | 'allBranches';

/**
 * A report's period (dates only with can_use_date_filter, else the server answers today) and
 * branch (only for who sees every branch): their part of the query and their filters.
 */
export function usePeriodFilters(
  label: (key: PeriodLabel) => string,
  options: { dates?: boolean; branch?: boolean; testId?: string; onChange?: () => void } = {},
) {
  const scope = useReportFilters(options.branch !== false);
  const dates = scope.canDates && options.dates !== false;
  const branch = scope.canBranches && options.branch !== false;
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [branchId, setBranchId] = useState('');
  const changed = (set: (value: string) => void) => (value: string) => {
    set(value);
    options.onChange?.();
  };
  const dateFilters = dates && (
    <DateRangeFilter
      from={from}
      to={to}
      onFrom={changed(setFrom)}
      onTo={changed(setTo)}
      labels={[label('from'), label('to')]}
      testId={options.testId}
    />
  );
  const branchFilter = branch && (
    <BranchFilter
      value={branchId}
      onChange={changed(setBranchId)}
      labels={[label('branch'), label('allBranches')]}
    />
  );
  return {
    ...scope,
    query: {
      ...(dates ? { from: from || undefined, to: to || undefined } : {}),
      ...(branch && branchId ? { branchId } : {}),
    },
    dateFilters,
    branchFilter,
    filters: (
      <>
        {dateFilters}
        {branchFilter}
      </>
    ),
  };
}

/** "From 01/01/2026 to 31/01/2026 — Branch: …" under a report's title, on screen and on paper. */
export function useRangeText() {
  const { t } = useTranslation('accounting');
  const { branchName } = useReportFilters();
  return (range: { from?: string; to?: string; at?: string; branchId?: string }) =>
    [
      range.at ? t('reports.atDay', { day: formatDay(range.at) }) : null,
      range.from ? `${t('common.from')} ${formatDay(range.from)}` : null,
      range.to ? `${t('common.to')} ${formatDay(range.to)}` : null,
      !range.at && !range.from && !range.to ? t('reports.allDates') : null,
      `${t('reports.branch')}: ${branchName(range.branchId) ?? t('reports.allBranches')}`,
    ]
      .filter(Boolean)
      .join(' — ');
}

/** A report's data, the last one kept while the next loads; its error as a toast. */
export function useReportQuery<R>(queryKey: QueryKey, queryFn: () => Promise<R>, enabled = true) {
  const report = useQuery({ queryKey, queryFn, enabled, placeholderData: keepPreviousData });
  useErrorToast(report.error);
  return report;
}

const BOOKS_LABELS = {
  from: 'common.from',
  to: 'common.to',
  branch: 'reports.branch',
  allBranches: 'reports.allBranches',
} as const;

/** A books' report over a period (from, to, branch): its query, its data and its filters. */
export function usePeriodReport<R>(
  queryKey: (query: PeriodQuery) => QueryKey,
  fetch: (query: PeriodQuery) => Promise<R>,
) {
  const { t } = useTranslation('accounting');
  const { query, filters } = usePeriodFilters((key) => t(BOOKS_LABELS[key]));
  const report = useReportQuery(queryKey(query), () => fetch(query));
  const rangeText = useRangeText()(query);
  // The frame's props that follow the report: <ReportFrame {...frame} …>
  const frame = { rangeText, filters, ready: !!report.data, busy: report.isFetching };
  return { query, report, frame };
}

/**
 * A book report's page: header with Print and Excel, the filters, the body on screen, and the same
 * body on A4 paper through the shared print area (store name, title, range).
 */
export function ReportFrame({
  title,
  rangeText,
  filters,
  ready,
  busy,
  onExport,
  testId,
  children,
}: {
  title: string;
  rangeText: string;
  filters: ReactNode;
  ready: boolean;
  busy: boolean;
  onExport: () => Promise<void>;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('accounting');
  const exportFile = useMutation({
    mutationFn: onExport,
    onError: (err) => handleError(err, { toast: true }),
  });
  return (
    <ReportShell
      title={title}
      rangeText={rangeText}
      ready={ready}
      excel={{
        label: t('reports.excel'),
        busy: exportFile.isPending,
        start: () => exportFile.mutate(),
      }}
      printLabel={t('common.print')}
      filters={filters}
      paper={() => children}
    >
      <Paper variant="outlined" sx={{ overflowX: 'auto' }} data-testid={testId}>
        {busy && <LinearProgress sx={{ blockSize: 2 }} />}
        {children}
      </Paper>
    </ReportShell>
  );
}

export type ReportShellProps = {
  title: string;
  /** The range and branch under the title, on screen and on paper. */
  rangeText: string;
  /** The report is there: Excel and Print are enabled. */
  ready: boolean;
  excel: { label: string; busy: boolean; start: () => void };
  printLabel: string;
  /** Between the header and the filters (an export's progress). */
  notice?: ReactNode;
  filters: ReactNode;
  filtersTestId?: string;
  testId?: string;
  /** The body on screen. */
  children: ReactNode;
  /** The body on A4 paper (under the store's name, the title and the range). */
  paper: () => ReactNode;
};

/**
 * The one report frame (the reports kit and the books' reports): header with Excel and Print, the
 * filters, the body, and its paper copy in the shared print area, mounted only while printing.
 */
export function ReportShell(props: ReportShellProps) {
  const { title, rangeText, ready, excel } = props;
  const store = useReceiptData();
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    return () => window.removeEventListener('afterprint', done);
  }, []);
  return (
    <Box data-testid={props.testId}>
      <PageHeader
        title={title}
        subtitle={rangeText}
        actions={
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
            <Button
              startIcon={<FileDownload />}
              disabled={!ready || excel.busy}
              onClick={excel.start}
              data-testid="report-excel"
            >
              {excel.label}
            </Button>
            <Button
              startIcon={<Print />}
              disabled={!ready}
              onClick={() => {
                setPrinting(true);
                printSoon();
              }}
              data-testid="report-print"
            >
              {props.printLabel}
            </Button>
          </Stack>
        }
      />
      {props.notice}
      <Stack
        direction="row"
        sx={{ gap: 1.5, mb: 1.5, flexWrap: 'wrap', alignItems: 'center' }}
        data-testid={props.filtersTestId}
      >
        {props.filters}
      </Stack>
      {props.children}
      {ready && printing && (
        <PrintArea layout="a4">
          <Box
            sx={{ color: '#000', bgcolor: '#fff', fontSize: 12, '& td, & th': { color: '#000' } }}
          >
            <Typography sx={{ fontWeight: 700, fontSize: 18 }}>{store.name}</Typography>
            <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
            <Typography sx={{ mb: 1 }}>{rangeText}</Typography>
            {props.paper()}
          </Box>
        </PrintArea>
      )}
    </Box>
  );
}
