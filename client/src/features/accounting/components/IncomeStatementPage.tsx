import { useTranslation } from 'react-i18next';
import { accountingApi, accountingKeys, downloadReport } from '../api/accounting.api';
import { ReportFrame, usePeriodReport } from './ReportFrame';
import { ReportSections, type ReportLine } from './ReportSections';

/**
 * /Reports/IncomeStatement (can_see_totals + can_see_profit): revenue less sales returns, cost of
 * goods sold, gross profit, expenses by account, other income, net profit, for a range and branch.
 */
export default function IncomeStatementPage() {
  const { t } = useTranslation('accounting');
  const { query, report, rangeText, filters } = usePeriodReport(
    accountingKeys.incomeStatement,
    accountingApi.incomeStatement,
  );
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
      filters={filters}
    >
      <ReportSections lines={lines} range={query} label={t('income.title')} />
    </ReportFrame>
  );
}
