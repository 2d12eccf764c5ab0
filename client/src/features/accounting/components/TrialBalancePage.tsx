import type { TrialBalanceRowDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { accountingApi, accountingKeys, accountName, downloadReport } from '../api/accounting.api';
import { ReportFrame, usePeriodReport } from './ReportFrame';
import { AccountLink } from './ReportSections';
import { Money } from '../../../shared/ui/Money';
import { DataTable } from '../../../shared/ui/DataTable';

const money = (v: number) => (v ? <Money value={v} /> : '');
const FIGURES = [
  'openingDebit',
  'openingCredit',
  'debit',
  'credit',
  'closingDebit',
  'closingCredit',
] as const;
const side = (f: string) => (f.toLowerCase().endsWith('debit') ? 'entry.debit' : 'entry.credit');

/** /Reports/TrialBalance: opening, movements and closing of every account with postings. */
export default function TrialBalancePage() {
  const { t, i18n } = useTranslation('accounting');
  const { query, report, frame } = usePeriodReport(
    accountingKeys.trialBalance,
    accountingApi.trialBalance,
  );
  const data = report.data;

  return (
    <ReportFrame
      {...frame}
      title={t('trial.title')}
      testId="trial-balance-report"
      onExport={() => downloadReport('trialBalance', query)}
    >
      <DataTable
        testId="trial-balance"
        ariaLabel={t('trial.title')}
        rows={data?.rows ?? []}
        rowKey={(r) => r.accountId}
        rowTestId="trial-row"
        hover={false}
        scroll={false}
        headRows={[
          {
            cells: [
              { content: t('tree.code'), rowSpan: 2 },
              { content: t('tree.name'), rowSpan: 2 },
              ...(['opening', 'movements', 'closing'] as const).map((k) => ({
                content: t(`trial.${k}`),
                colSpan: 2,
                align: 'center' as const,
              })),
            ],
          },
          { cells: FIGURES.map((f) => ({ content: t(side(f)), align: 'right' as const })) },
        ]}
        columns={[
          { key: 'code', header: t('tree.code'), dir: 'ltr', render: (r) => r.code },
          {
            key: 'name',
            header: t('tree.name'),
            render: (r) => (
              <AccountLink accountId={r.accountId} range={query}>
                {accountName(r, i18n.language)}
              </AccountLink>
            ),
          },
          ...FIGURES.map((f) => ({
            key: f,
            header: t(side(f)),
            align: 'right' as const,
            dir: 'ltr' as const,
            render: (r: TrialBalanceRowDto) => money(r[f]),
          })),
        ]}
        footRows={
          data && [
            {
              testId: 'trial-totals',
              sx: { fontWeight: 700 },
              cells: [
                { content: t('entry.totals'), colSpan: 2 },
                ...FIGURES.map((f) => ({ content: <Money value={data.totals[f]} /> })),
              ],
            },
          ]
        }
      />
    </ReportFrame>
  );
}
