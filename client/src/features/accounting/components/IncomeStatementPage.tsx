import { useTranslation } from 'react-i18next';
import { accountingApi, accountingKeys, downloadReport } from '../api/accounting.api';
import { ReportFrame, usePeriodReport } from './ReportFrame';
import { figure, ReportSections, section, type ReportLine } from './ReportSections';

/**
 * /Reports/IncomeStatement (can_see_totals + can_see_profit): revenue less sales returns, cost of
 * goods sold, gross profit, expenses by account, other income, net profit, for a range and branch.
 */
export default function IncomeStatementPage() {
  const { t } = useTranslation('accounting');
  const { query, report, frame } = usePeriodReport(
    accountingKeys.incomeStatement,
    accountingApi.incomeStatement,
  );
  const d = report.data;
  const lines: ReportLine[] = d
    ? [
        section(t('income.revenue'), d.revenue),
        section(t('income.contraRevenue'), d.contraRevenue, { sign: -1 }),
        figure(t('income.netSales'), d.netSales, 'net-sales'),
        section(t('income.cogs'), d.cogs, { sign: -1 }),
        figure(t('income.grossProfit'), d.grossProfit, 'gross-profit'),
        section(t('income.expenses'), d.expenses, { sign: -1 }),
        section(t('income.otherIncome'), d.otherIncome),
        figure(t('income.netProfit'), d.netProfit, 'net-profit', true),
      ]
    : [];
  return (
    <ReportFrame
      {...frame}
      title={t('income.title')}
      testId="income-statement"
      onExport={() => downloadReport('incomeStatement', query)}
    >
      <ReportSections lines={lines} range={query} label={t('income.title')} />
    </ReportFrame>
  );
}
