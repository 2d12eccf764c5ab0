import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { DateField } from '../../../shared/ui/DateField';
import {
  accountingApi,
  accountingKeys,
  downloadReport,
  type PeriodQuery,
} from '../api/accounting.api';
import { BranchFilter, ReportFrame, useRangeText, useReportFilters } from './ReportFrame';
import { ReportSections, type ReportLine } from './ReportSections';

/**
 * /Reports/IncomeStatement (can_see_totals + can_see_profit): revenue less sales returns, cost of
 * goods sold, gross profit, expenses by account, other income, net profit, for a range and branch.
 */
export default function IncomeStatementPage() {
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
    queryKey: accountingKeys.incomeStatement(query),
    queryFn: () => accountingApi.incomeStatement(query),
    placeholderData: keepPreviousData,
  });
  useErrorToast(report.error);
  const rangeText = useRangeText()(query);
  const d = report.data;
  const lines: ReportLine[] = d
    ? [
        { kind: 'section', title: t('income.revenue'), section: d.revenue },
        { kind: 'section', title: t('income.contraRevenue'), section: d.contraRevenue, sign: -1 },
        { kind: 'figure', title: t('income.netSales'), value: d.netSales, testId: 'net-sales' },
        { kind: 'section', title: t('income.cogs'), section: d.cogs, sign: -1 },
        {
          kind: 'figure',
          title: t('income.grossProfit'),
          value: d.grossProfit,
          testId: 'gross-profit',
        },
        { kind: 'section', title: t('income.expenses'), section: d.expenses, sign: -1 },
        { kind: 'section', title: t('income.otherIncome'), section: d.otherIncome },
        {
          kind: 'figure',
          title: t('income.netProfit'),
          value: d.netProfit,
          strong: true,
          testId: 'net-profit',
        },
      ]
    : [];
  return (
    <ReportFrame
      title={t('income.title')}
      rangeText={rangeText}
      ready={!!d}
      busy={report.isFetching}
      testId="income-statement"
      onExport={() => downloadReport('incomeStatement', query)}
      filters={
        <>
          {canDates && (
            <>
              <DateField label={t('common.from')} value={from} onChange={setFrom} />
              <DateField label={t('common.to')} value={to} onChange={setTo} />
            </>
          )}
          <BranchFilter value={branchId} onChange={setBranchId} />
        </>
      }
    >
      <ReportSections lines={lines} range={query} label={t('income.title')} />
    </ReportFrame>
  );
}
