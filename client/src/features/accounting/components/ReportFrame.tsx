import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { useAtomValue } from 'jotai';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { DateRangeFilter } from '../../../shared/ui/DateRangeFilter';
import type { PeriodQuery } from '../api/accounting.api';
import { formatDay } from '../../../shared/lib/format';
import { sessionUserState } from '../../../shared/state';
import { useCan } from '../../../shared/state/useCan';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { ReportShell } from '../../../shared/ui/ReportShell';
import { useBranchOptions } from '../../branches';
import { Money } from '../../../shared/ui/Money';

/** A report's amount: piasters as pounds with two decimals, Western digits, left to right. */
export const amount = (v: number) => <Money value={v} />;

/** Who may pick dates and branches on the books' reports (the server enforces both). */
export function useReportFilters() {
  const can = useCan();
  const user = useAtomValue(sessionUserState);
  const canBranches = !!user?.isAdmin || can('can_see_branches');
  const branches = useBranchOptions(canBranches);
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
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('accounting');
  const { canBranches, branches } = useReportFilters();
  if (!canBranches) return null;
  return (
    <SelectFilter
      label={t('reports.branch')}
      value={value}
      onChange={onChange}
      allLabel={t('reports.allBranches')}
      minWidth={180}
      options={branches.map((b) => ({ value: b.id, label: b.name }))}
    />
  );
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

/** A books' report over a period (from, to, branch): its query, its data and its filters. */
export function usePeriodReport<R>(
  queryKey: (query: PeriodQuery) => QueryKey,
  fetch: (query: PeriodQuery) => Promise<R>,
) {
  const { t } = useTranslation('accounting');
  const { canDates } = useReportFilters();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [branchId, setBranchId] = useState('');
  const query: PeriodQuery = {
    ...(canDates ? { from: from || undefined, to: to || undefined } : {}),
    branchId: branchId || undefined,
  };
  const report = useQuery({
    queryKey: queryKey(query),
    queryFn: () => fetch(query),
    placeholderData: keepPreviousData,
  });
  useErrorToast(report.error);
  const filters = (
    <>
      {canDates && (
        <DateRangeFilter
          from={from}
          to={to}
          onFrom={setFrom}
          onTo={setTo}
          labels={[t('common.from'), t('common.to')]}
        />
      )}
      <BranchFilter value={branchId} onChange={setBranchId} />
    </>
  );
  return { query, report, rangeText: useRangeText()(query), filters };
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
  const [exporting, setExporting] = useState(false);
  const exportFile = async () => {
    setExporting(true);
    try {
      await onExport();
    } catch (err) {
      handleError(err, { toast: true });
    } finally {
      setExporting(false);
    }
  };
  return (
    <ReportShell
      title={title}
      rangeText={rangeText}
      ready={ready}
      excel={{ label: t('reports.excel'), busy: exporting, start: () => void exportFile() }}
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
