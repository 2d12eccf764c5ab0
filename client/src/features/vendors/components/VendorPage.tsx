import Payments from '@mui/icons-material/Payments';
import Print from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AGING_BUCKETS,
  formatPiasters,
  VENDORS,
  type VendorOpenInvoiceDto,
  type VendorStatementRowDto,
} from '@pos/contracts';
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
import { Facts, Panel, type Fact } from '../../../shared/ui/DetailKit';
import { actionsColumn, columnsOf } from '../../../shared/ui/listColumns';
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
              <Facts
                rows={[
                  ...AGING_BUCKETS.map((b): Fact => [
                    t(`aging.${b}`),
                    formatPiasters(openInvoices.data.aging[b]),
                    `aging-${b}`,
                  ]),
                  openInvoices.data.openingOpen > 0 && [
                    t('aging.openingOpen'),
                    formatPiasters(openInvoices.data.openingOpen),
                    'aging-opening',
                  ],
                  [
                    t('aging.total'),
                    <b key="total">{formatPiasters(openInvoices.data.totalOpen)}</b>,
                    'aging-total',
                  ],
                ]}
              />
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
              columns={columnsOf<VendorOpenInvoiceDto>(
                (key) => t(`invoices.${key}`),
                [
                  ['number', (i) => i.number, { ltr: true }],
                  ['vendorNumber', (i) => i.vendorInvoiceNumber ?? '', { ltr: true }],
                  ['date', (i) => formatDay(i.invoiceDate)],
                  ['due', (i) => formatDay(i.dueDate)],
                  moneyColumn('total', t('invoices.total'), (i) => i.total),
                  moneyColumn('paid', t('invoices.paid'), (i) => i.paid + i.returned),
                  moneyColumn('open', t('invoices.open'), (i) => i.open),
                  [
                    'overdue',
                    (i) => (i.daysOverdue > 0 ? i.daysOverdue : '—'),
                    { align: 'center' },
                  ],
                ],
              )}
            />
          </AccountSection>
          <AccountSection title={t('statement.title')}>
            {canDates && (
              <Stack direction="row" sx={{ gap: 1, mb: 1, flexWrap: 'wrap' }}>
                <DateField label={t('statement.from')} value={from} onChange={setFrom} />
                <DateField label={t('statement.to')} value={to} onChange={setTo} />
              </Stack>
            )}
            <DataTable<VendorStatementRowDto>
              ariaLabel={t('statement.title')}
              hover={false}
              scroll={false}
              busy={statement.isFetching}
              rows={st?.rows ?? []}
              rowKey={(r) => r.id}
              rowTestId="statement-row"
              columns={columnsOf<VendorStatementRowDto>(
                (key) => t(`statement.${key}`),
                [
                  ['at', (r) => formatDateTime(r.at)],
                  ['type', (r) => t(`statement.types.${r.type}`)],
                  [
                    'reference',
                    (r) =>
                      `${r.referenceNumber ?? ''}${r.note && r.type !== 'opening' ? ` — ${r.note}` : ''}`,
                    { ltr: true },
                  ],
                  moneyColumn('increase', t('statement.increase'), (r) =>
                    r.amount > 0 ? r.amount : null,
                  ),
                  moneyColumn('decrease', t('statement.decrease'), (r) =>
                    r.amount < 0 ? -r.amount : null,
                  ),
                  moneyColumn('balance', t('statement.balance'), (r) => r.balanceAfter, {
                    testId: 'statement-balance',
                  }),
                  ['user', (r) => r.userName ?? ''],
                  actionsColumn<VendorStatementRowDto>(
                    [
                      {
                        label: t('statement.receipt'),
                        icon: Print,
                        iconOnly: true,
                        when: (r) => r.referenceType === 'vendor_payment' && !!r.referenceId,
                        onClick: (r) => setReceiptId(r.referenceId),
                        testId: 'statement-receipt',
                      },
                    ],
                    { header: '', padding: 'checkbox' },
                  ),
                ],
              )}
              leadRows={
                st && [
                  {
                    cells: [
                      { content: t('statement.opening'), colSpan: 5 },
                      { content: formatPiasters(st.opening), testId: 'statement-opening' },
                      { colSpan: 2 },
                    ],
                  },
                ]
              }
              footRows={
                st && [
                  {
                    sx: { color: 'text.primary', fontSize: 'inherit' },
                    cells: [
                      { content: t('statement.closing'), colSpan: 3, sx: { fontWeight: 700 } },
                      { content: formatPiasters(st.totals.increase) },
                      { content: formatPiasters(st.totals.decrease) },
                      {
                        content: formatPiasters(st.closing),
                        testId: 'statement-closing',
                        sx: { fontWeight: 700 },
                      },
                      { colSpan: 2 },
                    ],
                  },
                ]
              }
            />
          </AccountSection>
        </Stack>
      ) : (
        <Panel sx={{ p: 3, color: 'text.secondary' }}>{t('statement.needsTotals')}</Panel>
      )}
      {paying && (
        <PaymentDialog
          vendor={v}
          invoices={invoices}
          onClose={() => setPaying(false)}
          onPaid={(receipt) => {
            setPaying(false);
            setReceiptId(receipt.id);
          }}
        />
      )}
      <ReceiptDialog paymentId={receiptId} onClose={() => setReceiptId(null)} />
    </AccountPage>
  );
}
