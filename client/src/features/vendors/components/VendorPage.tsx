import Payments from '@mui/icons-material/Payments';
import Print from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { AGING_BUCKETS, formatPiasters, VENDORS, type VendorOpenInvoiceDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDay } from '../../../shared/lib/format';
import { resourceApi } from '../../../shared/resource';
import { useCan } from '../../../shared/state/useCan';
import { AccountPage, AccountSection, BalanceFigure } from '../../../shared/ui/AccountPage';
import { DataTable, moneyColumn } from '../../../shared/ui/DataTable';
import { Panel } from '../../../shared/ui/DetailKit';
import { DateField } from '../../../shared/ui/DateField';
import { formatDateTime } from '../../../shared/ui/print';
import { vendorKeys, vendorsApi } from '../api/vendors.api';
import { PaymentDialog } from './PaymentDialog';
import { ReceiptDialog } from './ReceiptDialog';

/** /Vendors/{id}: the vendor's details and balance, aging, open invoices, statement, payments. */
export default function VendorPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('vendors');
  const can = useCan();
  const totals = can('can_see_totals');
  const canDates = can('can_use_date_filter');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const period = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const vendor = useQuery({
    queryKey: ['resource', VENDORS.path, 'one', id],
    queryFn: () => resourceApi(VENDORS).get(id),
    enabled: !!id,
    meta: { detail: true },
  });
  const openInvoices = useQuery({
    queryKey: vendorKeys.openInvoices(id),
    queryFn: () => vendorsApi.openInvoices(id),
    enabled: !!id && totals,
  });
  const statement = useQuery({
    queryKey: vendorKeys.statement(id, period),
    queryFn: () => vendorsApi.statement(id, period),
    enabled: !!id && totals,
  });
  const [paying, setPaying] = useState(false);
  const [receiptId, setReceiptId] = useState<string | null>(null);
  useErrorToast(vendor.error ?? openInvoices.error ?? statement.error);

  const v = vendor.data;
  if (!v) return vendor.isLoading ? <LinearProgress /> : null;
  const invoices = openInvoices.data?.invoices ?? [];
  const st = statement.data;
  return (
    <AccountPage
      testId="vendor-page"
      title={v.name}
      actions={
        totals && (
          <Button
            variant="contained"
            startIcon={<Payments />}
            onClick={() => setPaying(true)}
            data-testid="vendor-pay"
          >
            {t('payment.take')}
          </Button>
        )
      }
      side={
        <Stack sx={{ gap: 1.5 }}>
          <Panel>
            {v.balance !== undefined && (
              <>
                <BalanceFigure
                  label={t('fields.balance')}
                  amount={v.balance}
                  testId="vendor-balance"
                />
                {v.balance < 0 && (
                  <Typography variant="caption" color="text.secondary">
                    {t('fields.advance')}
                  </Typography>
                )}
              </>
            )}
            <Stack sx={{ gap: 0.5, mt: 1 }}>
              {v.phones.length > 0 && (
                <Typography variant="body2" dir="ltr" sx={{ textAlign: 'start' }}>
                  {v.phones.join(' · ')}
                </Typography>
              )}
              {v.address && <Typography variant="body2">{v.address}</Typography>}
              {(['taxNumber', 'commercialRegister'] as const).map(
                (key) =>
                  v[key] && (
                    <Typography key={key} variant="body2">
                      {t(`list.${key}`)}: <bdi dir="ltr">{v[key]}</bdi>
                    </Typography>
                  ),
              )}
              <Typography variant="body2">
                {t('list.paymentTermsDays')}: {v.paymentTermsDays}
              </Typography>
              {v.notes && (
                <Typography variant="body2" color="text.secondary">
                  {v.notes}
                </Typography>
              )}
            </Stack>
          </Panel>
          {openInvoices.data && (
            <AccountSection title={t('aging.title', { date: formatDay(openInvoices.data.asOf) })}>
              <Table size="small" aria-label={t('aging.title', { date: '' })}>
                <TableBody>
                  {AGING_BUCKETS.map((b) => (
                    <TableRow key={b}>
                      <TableCell>{t(`aging.${b}`)}</TableCell>
                      <TableCell align="right" data-testid={`aging-${b}`}>
                        {formatPiasters(openInvoices.data.aging[b])}
                      </TableCell>
                    </TableRow>
                  ))}
                  {openInvoices.data.openingOpen > 0 && (
                    <TableRow>
                      <TableCell sx={{ color: 'text.secondary' }}>
                        {t('aging.openingOpen')}
                      </TableCell>
                      <TableCell
                        align="right"
                        sx={{ color: 'text.secondary' }}
                        data-testid="aging-opening"
                      >
                        {formatPiasters(openInvoices.data.openingOpen)}
                      </TableCell>
                    </TableRow>
                  )}
                  <TableRow>
                    <TableCell sx={{ fontWeight: 700 }}>{t('aging.total')}</TableCell>
                    <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="aging-total">
                      {formatPiasters(openInvoices.data.totalOpen)}
                    </TableCell>
                  </TableRow>
                </TableBody>
              </Table>
            </AccountSection>
          )}
        </Stack>
      }
    >
      {totals ? (
        <Stack sx={{ gap: 1.5, minInlineSize: 0 }}>
          <AccountSection title={t('invoices.title')}>
            <DataTable<VendorOpenInvoiceDto>
              ariaLabel={t('invoices.title')}
              hover={false}
              scroll={false}
              rows={invoices}
              rowKey={(i) => i.id}
              rowTestId="open-invoice-row"
              loading={openInvoices.isLoading}
              emptyText={t('invoices.empty')}
              columns={[
                { key: 'number', header: t('invoices.number'), ltr: true, render: (i) => i.number },
                {
                  key: 'vendorNumber',
                  header: t('invoices.vendorNumber'),
                  ltr: true,
                  render: (i) => i.vendorInvoiceNumber ?? '',
                },
                {
                  key: 'date',
                  header: t('invoices.date'),
                  render: (i) => formatDay(i.invoiceDate),
                },
                { key: 'due', header: t('invoices.due'), render: (i) => formatDay(i.dueDate) },
                moneyColumn('total', t('invoices.total'), (i) => i.total),
                moneyColumn('paid', t('invoices.paid'), (i) => i.paid + i.returned),
                moneyColumn('open', t('invoices.open'), (i) => i.open),
                {
                  key: 'overdue',
                  header: t('invoices.overdue'),
                  align: 'center',
                  render: (i) => (i.daysOverdue > 0 ? i.daysOverdue : '—'),
                },
              ]}
            />
          </AccountSection>
          <AccountSection title={t('statement.title')}>
            {canDates && (
              <Stack direction="row" sx={{ gap: 1, mb: 1, flexWrap: 'wrap' }}>
                <DateField label={t('statement.from')} value={from} onChange={setFrom} />
                <DateField label={t('statement.to')} value={to} onChange={setTo} />
              </Stack>
            )}
            {statement.isFetching && <LinearProgress sx={{ blockSize: 2 }} />}
            <Table size="small" aria-label={t('statement.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('statement.at')}</TableCell>
                  <TableCell>{t('statement.type')}</TableCell>
                  <TableCell>{t('statement.reference')}</TableCell>
                  <TableCell align="right">{t('statement.increase')}</TableCell>
                  <TableCell align="right">{t('statement.decrease')}</TableCell>
                  <TableCell align="right">{t('statement.balance')}</TableCell>
                  <TableCell>{t('statement.user')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {st && (
                  <TableRow>
                    <TableCell colSpan={5}>{t('statement.opening')}</TableCell>
                    <TableCell align="right" data-testid="statement-opening">
                      {formatPiasters(st.opening)}
                    </TableCell>
                    <TableCell colSpan={2} />
                  </TableRow>
                )}
                {(st?.rows ?? []).map((r) => (
                  <TableRow key={r.id} data-testid="statement-row">
                    <TableCell>{formatDateTime(r.at)}</TableCell>
                    <TableCell>{t(`statement.types.${r.type}`)}</TableCell>
                    <TableCell dir="ltr" sx={{ textAlign: 'start' }}>
                      {r.referenceNumber ?? ''}
                      {r.note && r.type !== 'opening' ? ` — ${r.note}` : ''}
                    </TableCell>
                    <TableCell align="right">
                      {r.amount > 0 ? formatPiasters(r.amount) : ''}
                    </TableCell>
                    <TableCell align="right">
                      {r.amount < 0 ? formatPiasters(-r.amount) : ''}
                    </TableCell>
                    <TableCell align="right" data-testid="statement-balance">
                      {formatPiasters(r.balanceAfter)}
                    </TableCell>
                    <TableCell>{r.userName ?? ''}</TableCell>
                    <TableCell padding="checkbox">
                      {r.referenceType === 'vendor_payment' && r.referenceId && (
                        <Tooltip title={t('statement.receipt')}>
                          <IconButton
                            size="small"
                            aria-label={t('statement.receipt')}
                            onClick={() => setReceiptId(r.referenceId)}
                            data-testid="statement-receipt"
                          >
                            <Print fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
                {st && (
                  <TableRow>
                    <TableCell colSpan={3} sx={{ fontWeight: 700 }}>
                      {t('statement.closing')}
                    </TableCell>
                    <TableCell align="right">{formatPiasters(st.totals.increase)}</TableCell>
                    <TableCell align="right">{formatPiasters(st.totals.decrease)}</TableCell>
                    <TableCell
                      align="right"
                      sx={{ fontWeight: 700 }}
                      data-testid="statement-closing"
                    >
                      {formatPiasters(st.closing)}
                    </TableCell>
                    <TableCell colSpan={2} />
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </AccountSection>
        </Stack>
      ) : (
        <Panel sx={{ p: 3, color: 'text.secondary' }}>{t('statement.needsTotals')}</Panel>
      )}
      <PaymentDialog
        vendor={v}
        invoices={invoices}
        open={paying}
        onClose={() => setPaying(false)}
        onPaid={(receipt) => {
          setPaying(false);
          setReceiptId(receipt.id);
        }}
      />
      <ReceiptDialog paymentId={receiptId} onClose={() => setReceiptId(null)} />
    </AccountPage>
  );
}
