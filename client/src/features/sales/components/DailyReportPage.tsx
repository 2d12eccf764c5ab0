import Print from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPiasters, type DailyReportDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { DataTable, moneyColumn, type Column } from '../../../shared/ui/DataTable';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useCan } from '../../../shared/state/useCan';
import { salesApi, salesKeys } from '../api/sales.api';
import { ByMethodTable } from './ByMethodTable';
import { countedFigures } from '../lib/totals';
import { Facts } from '../../../shared/ui/DetailKit';
import { PrintArea, printSoon, useReceiptData } from '../../../shared/ui/print';
import { businessDay, formatDay } from '../../../shared/lib/format';
import { DateField } from '../../../shared/ui/DateField';

function DailyReportBody({ report }: { report: DailyReportDto }) {
  const { t } = useTranslation('sales');
  const money = (n: number) => formatPiasters(n);
  const cashierColumns: Column<DailyReportDto['byCashier'][number]>[] = [
    { key: 'cashier', header: t('daily.byCashier'), render: (c) => c.cashierName },
    {
      key: 'count',
      header: t('shift.invoiceCount'),
      align: 'right',
      render: (c) => c.invoiceCount,
    },
    moneyColumn('sales', t('shift.sales'), (c) => c.sales),
    moneyColumn('returns', t('shift.returns'), (c) => c.returns),
    moneyColumn('net', t('shift.net'), (c) => c.net),
  ];
  return (
    <Stack sx={{ gap: 1.5 }}>
      <Facts
        rows={[
          [t('daily.branch'), report.branchName],
          [t('daily.date'), formatDay(report.date)],
          ...countedFigures(t, report),
          [t('shift.onAccountCredit'), money(report.onAccount.credit)],
          [t('shift.onAccountInstallment'), money(report.onAccount.installment)],
          report.profit !== undefined && [t('shift.profit'), money(report.profit)],
        ]}
      />
      <ByMethodTable rows={report.byMethod} rowTestId="daily-method" />
      <DataTable
        columns={cashierColumns}
        rows={report.byCashier}
        rowKey={(c) => c.cashierId}
        rowTestId="daily-cashier"
        ariaLabel={t('daily.byCashier')}
        hover={false}
        scroll={false}
      />
    </Stack>
  );
}

/** /DailyReport: one business day (Africa/Cairo) of the user's branch; other days need can_use_date_filter. */
export default function DailyReportPage() {
  const { t } = useTranslation('sales');
  const can = useCan();
  const canDates = can('can_use_date_filter');
  // Today in the store's time zone (a store setting, Africa/Cairo by default).
  const [date, setDate] = useState(() => businessDay());
  const report = useQuery({
    queryKey: salesKeys.daily(date),
    queryFn: () => salesApi.daily(canDates ? date : undefined),
  });
  const data = useReceiptData();
  useErrorToast(report.error);
  return (
    <Box>
      <PageHeader
        title={t('daily.title')}
        meta={
          <DateField
            label={t('daily.date')}
            value={date}
            disabled={!canDates}
            onChange={(next) => next && setDate(next)}
            testId="daily-date"
          />
        }
        actions={
          <Button startIcon={<Print />} disabled={!report.data} onClick={printSoon}>
            {t('actions.print')}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        {report.isFetching && <LinearProgress sx={{ blockSize: 2, mb: 1 }} />}
        {report.data && <DailyReportBody report={report.data} />}
      </Paper>
      {report.data && (
        <PrintArea layout="a4">
          <Box sx={{ color: '#000', bgcolor: '#fff', fontSize: 12 }}>
            <Typography sx={{ fontWeight: 700, fontSize: 18 }}>{data.name}</Typography>
            <Typography sx={{ fontWeight: 700, mb: 1 }}>
              {t('daily.title')} — {formatDay(report.data.date)}
            </Typography>
            <DailyReportBody report={report.data} />
          </Box>
        </PrintArea>
      )}
    </Box>
  );
}
