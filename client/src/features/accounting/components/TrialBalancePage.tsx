import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { accountingApi, accountingKeys, accountName, downloadReport } from '../api/accounting.api';
import { ReportFrame, usePeriodReport } from './ReportFrame';
import { AccountLink } from './ReportSections';
import { Money } from '../../../shared/ui/Money';

const money = (v: number) => (v ? <Money value={v} /> : '');
const FIGURES = [
  'openingDebit',
  'openingCredit',
  'debit',
  'credit',
  'closingDebit',
  'closingCredit',
] as const;

/** /Reports/TrialBalance: opening, movements and closing of every account with postings. */
export default function TrialBalancePage() {
  const { t, i18n } = useTranslation('accounting');
  const { query, report, rangeText, filters } = usePeriodReport(
    accountingKeys.trialBalance,
    accountingApi.trialBalance,
  );
  const data = report.data;

  return (
    <ReportFrame
      title={t('trial.title')}
      rangeText={rangeText}
      ready={!!data}
      busy={report.isFetching}
      testId="trial-balance-report"
      onExport={() => downloadReport('trialBalance', query)}
      filters={filters}
    >
      <Table size="small" aria-label={t('trial.title')} data-testid="trial-balance">
        <TableHead>
          <TableRow>
            <TableCell rowSpan={2}>{t('tree.code')}</TableCell>
            <TableCell rowSpan={2}>{t('tree.name')}</TableCell>
            <TableCell colSpan={2} align="center">
              {t('trial.opening')}
            </TableCell>
            <TableCell colSpan={2} align="center">
              {t('trial.movements')}
            </TableCell>
            <TableCell colSpan={2} align="center">
              {t('trial.closing')}
            </TableCell>
          </TableRow>
          <TableRow>
            {FIGURES.map((f) => (
              <TableCell key={f} align="right">
                {t(f.toLowerCase().endsWith('debit') ? 'entry.debit' : 'entry.credit')}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {(data?.rows ?? []).map((r) => (
            <TableRow key={r.accountId} data-testid="trial-row">
              <TableCell dir="ltr">{r.code}</TableCell>
              <TableCell>
                <AccountLink accountId={r.accountId} range={query}>
                  {accountName(r, i18n.language)}
                </AccountLink>
              </TableCell>
              {FIGURES.map((f) => (
                <TableCell key={f} align="right" dir="ltr">
                  {money(r[f])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        {data && (
          <TableFooter>
            <TableRow data-testid="trial-totals">
              <TableCell colSpan={2} sx={{ fontWeight: 700 }}>
                {t('entry.totals')}
              </TableCell>
              {FIGURES.map((f) => (
                <TableCell key={f} align="right" dir="ltr" sx={{ fontWeight: 700 }}>
                  <Money value={data.totals[f]} />
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </ReportFrame>
  );
}
