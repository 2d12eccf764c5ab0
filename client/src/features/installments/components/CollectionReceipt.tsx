import Box from '@mui/material/Box';
import { amountInWords, formatPiasters, type InstallmentPaymentDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/format';
import {
  DocumentBarcode,
  PrintArea,
  usePaperLayout,
  useReceiptData,
} from '../../../shared/ui/print';

export type ReceiptPlan = { number: string; customerName: string };

/** The printed receipt of a collection or an early settlement, on the device's paper (80 mm or A4). */
export function CollectionReceipt({
  payment,
  plan,
}: {
  payment: InstallmentPaymentDto;
  plan: ReceiptPlan;
}) {
  const { t, i18n } = useTranslation('installments');
  const data = useReceiptData();
  const [layout] = usePaperLayout();
  const row = (label: string, value: string | null | undefined, testId?: string) =>
    value ? (
      <Box sx={{ display: 'flex', gap: 1, py: 0.25 }}>
        <b>{label}:</b> <span data-testid={testId}>{value}</span>
      </Box>
    ) : null;
  return (
    <PrintArea layout={layout}>
      <Box
        dir={i18n.dir()}
        sx={{ color: '#000', fontSize: layout === 'a4' ? 14 : 12 }}
        data-testid="installment-receipt"
      >
        <Box sx={{ textAlign: 'center' }}>
          <Box sx={{ fontSize: 18, fontWeight: 700 }}>{data.name}</Box>
          {data.address && <Box>{data.address}</Box>}
          {data.phoneNumber && <Box dir="ltr">{data.phoneNumber}</Box>}
          <Box sx={{ fontSize: 16, fontWeight: 700, mt: 0.5 }}>
            {t(payment.kind === 'settle' ? 'receipt.settleTitle' : 'receipt.title')}
          </Box>
          <DocumentBarcode value={payment.number} />
        </Box>
        {row(t('fields.receiptNumber'), payment.number)}
        {row(t('fields.date'), formatDateTime(payment.at))}
        {row(t('fields.plan'), plan.number)}
        {row(t('fields.customer'), plan.customerName)}
        {row(
          t('fields.vault'),
          payment.vaultName ?? (payment.kind === 'collect' ? t('collect.tillReceipt') : ''),
        )}
        {payment.allocations.length > 0 && (
          <Box component="table" sx={{ inlineSize: '100%', borderCollapse: 'collapse', my: 1 }}>
            <thead>
              <tr>
                <Box component="th" sx={{ textAlign: 'start', borderBottom: '1px solid #000' }}>
                  {t('fields.seq')}
                </Box>
                <Box component="th" sx={{ textAlign: 'end', borderBottom: '1px solid #000' }}>
                  {t('fields.amount')}
                </Box>
                <Box component="th" sx={{ textAlign: 'end', borderBottom: '1px solid #000' }}>
                  {t('fields.lateFee')}
                </Box>
              </tr>
            </thead>
            <tbody>
              {payment.allocations.map((a) => (
                <tr key={a.installmentId}>
                  <td>{a.seq}</td>
                  <Box component="td" sx={{ textAlign: 'end' }}>
                    {formatPiasters(a.amount)}
                  </Box>
                  <Box component="td" sx={{ textAlign: 'end' }}>
                    {a.lateFee ? formatPiasters(a.lateFee) : '—'}
                  </Box>
                </tr>
              ))}
            </tbody>
          </Box>
        )}
        {payment.discount > 0 && row(t('fields.discount'), formatPiasters(payment.discount))}
        <Box sx={{ display: 'flex', gap: 1, py: 0.5, fontSize: 16 }}>
          <b>{t('fields.amount')}:</b>
          <span data-testid="receipt-amount">{formatPiasters(payment.amount)}</span>
        </Box>
        <Box sx={{ fontWeight: 700 }}>
          {t('receipt.inWords', { words: amountInWords(payment.amount, i18n.language) })}
        </Box>
        {row(t('fields.balanceAfter'), formatPiasters(payment.customerBalanceAfter))}
        {row(t('fields.user'), payment.userName)}
        {row(t('fields.note'), payment.note)}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 4, gap: 2 }}>
          <span>{t('receipt.paidBy')}: ________</span>
          <span>{t('receipt.receivedBy')}: ________</span>
        </Box>
      </Box>
    </PrintArea>
  );
}
