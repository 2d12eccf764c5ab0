import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { businessDay } from '../../../shared/lib/format';
import { DateField } from '../../../shared/ui/DateField';
import {
  accountingApi,
  accountingKeys,
  downloadReport,
  type BalanceSheetQuery,
} from '../api/accounting.api';
import { BranchFilter, ReportFrame, useRangeText, useReportFilters } from './ReportFrame';
import { figure, ReportSections, section, type ReportLine } from './ReportSections';

/**
 * /Reports/BalanceSheet (can_see_totals + can_see_profit): assets = liabilities + equity at the
 * end of a store day, equity carrying the profit not yet closed; for a branch or every branch.
 */
export default function BalanceSheetPage() {
  const { t } = useTranslation('accounting');
  const { canDates } = useReportFilters();
  const [at, setAt] = useState(() => businessDay());
  const [branchId, setBranchId] = useState('');
  const query: BalanceSheetQuery = {
    ...(canDates && at ? { at } : {}),
    branchId: branchId || undefined,
  };
  const report = useQuery({
    queryKey: accountingKeys.balanceSheet(query),
    queryFn: () => accountingApi.balanceSheet(query),
    placeholderData: keepPreviousData,
  });
  useErrorToast(report.error);
  const d = report.data;
  const rangeText = useRangeText()({ ...query, at: d?.at ?? query.at });
  const range = { to: d?.at, branchId: query.branchId };
  const lines: ReportLine[] = d
    ? [
        section(t('balance.assets'), d.assets, {
          total: { title: t('balance.totalAssets'), strong: true, testId: 'total-assets' },
        }),
        section(t('balance.liabilities'), d.liabilities),
        // the equity accounts, the profit not yet closed and the inter-branch balances: one total
        section(t('balance.equity'), d.equity, { total: null }),
        figure(t('balance.profit'), d.profit, 'period-profit'),
        ...(d.interBranch ? [figure(t('balance.interBranch'), d.interBranch)] : []),
        figure(t('balance.totalEquity'), d.totalEquity, 'total-equity'),
        figure(
          t('balance.totalLiabilitiesAndEquity'),
          d.totalLiabilitiesAndEquity,
          'total-liabilities-equity',
          true,
        ),
      ]
    : [];
  return (
    <ReportFrame
      title={t('balance.title')}
      rangeText={rangeText}
      ready={!!d}
      busy={report.isFetching}
      testId="balance-sheet"
      onExport={() => downloadReport('balanceSheet', query)}
      filters={
        <>
          {canDates && <DateField label={t('balance.at')} value={at} onChange={setAt} />}
          <BranchFilter value={branchId} onChange={setBranchId} />
        </>
      }
    >
      <ReportSections lines={lines} range={range} label={t('balance.title')} />
    </ReportFrame>
  );
}
