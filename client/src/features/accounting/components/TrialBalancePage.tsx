import Print from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatPiasters } from '@pos/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { DateField } from '../../../shared/ui/DateField';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useCan } from '../../../shared/state/useCan';
import {
  accountingApi,
  accountingKeys,
  accountName,
  type TrialBalanceQuery,
} from '../api/accounting.api';

const money = (v: number) => (v ? formatPiasters(v) : '');
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
  const can = useCan();
  const canDates = can('can_use_date_filter');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query: TrialBalanceQuery = canDates ? { from: from || undefined, to: to || undefined } : {};
  const report = useQuery({
    queryKey: accountingKeys.trialBalance(query),
    queryFn: () => accountingApi.trialBalance(query),
    placeholderData: keepPreviousData,
  });
  useErrorToast(report.error);
  const data = report.data;

  return (
    <Box>
      <PageHeader
        title={t('trial.title')}
        actions={
          <Button startIcon={<Print />} onClick={() => window.print()} className="no-print">
            {t('common.print')}
          </Button>
        }
      />
      {canDates && (
        <Stack direction="row" sx={{ gap: 1.5, mb: 1.5 }} className="no-print">
          <DateField label={t('common.from')} value={from} onChange={setFrom} />
          <DateField label={t('common.to')} value={to} onChange={setTo} />
        </Stack>
      )}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
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
                <TableCell>{accountName(r, i18n.language)}</TableCell>
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
                    {formatPiasters(data.totals[f])}
                  </TableCell>
                ))}
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </Paper>
    </Box>
  );
}
