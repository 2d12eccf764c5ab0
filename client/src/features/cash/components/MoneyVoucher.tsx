import Box from '@mui/material/Box';
import { formatPiasters, type MoneyTransactionDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/format';
import { DocumentBarcode, useReceiptData } from '../../../shared/ui/print';

/** The printed voucher of a money transaction (receipt or payment voucher), in the page's direction. */
export function MoneyVoucher({ tx }: { tx: MoneyTransactionDto }) {
  const { t, i18n } = useTranslation('cash');
  const data = useReceiptData();
  const incoming = tx.type === 'deposit' || tx.type === 'capital_in' || tx.type === 'settlement';
  const row = (label: string, value: string | null) =>
    value ? (
      <Box sx={{ display: 'flex', gap: 1, py: 0.25 }}>
        <b>{label}:</b> <span>{value}</span>
      </Box>
    ) : null;
  return (
    <Box dir={i18n.dir()} sx={{ color: '#000', fontSize: 13 }} data-testid="money-voucher">
      <Box sx={{ textAlign: 'center' }}>
        <Box sx={{ fontSize: 18, fontWeight: 700 }}>{data.name}</Box>
        <Box sx={{ fontSize: 16, fontWeight: 700, mt: 0.5 }}>
          {t(incoming ? 'voucher.receipt' : 'voucher.payment')} — {t(`types.${tx.type}`)}
        </Box>
        <DocumentBarcode value={tx.number} />
      </Box>
      {row(t('fields.number'), tx.number)}
      {row(t('fields.date'), formatDateTime(tx.createdAt))}
      {row(t('fields.status'), t(`statuses.${tx.status}`))}
      {row(t('fields.from'), tx.fromVaultName && `${tx.fromVaultName} — ${tx.branchName}`)}
      {row(
        t('fields.to'),
        tx.toVaultName && `${tx.toVaultName} — ${tx.toBranchName ?? tx.branchName}`,
      )}
      {row(t('fields.paymentMethod'), tx.paymentMethodName)}
      <Box sx={{ display: 'flex', gap: 1, py: 0.5, fontSize: 16 }}>
        <b>{t('fields.amount')}:</b>
        <span dir="ltr" data-testid="voucher-amount">
          {formatPiasters(tx.amount)}
        </span>
      </Box>
      {row(t('fields.reason'), tx.reason)}
      {row(t('fields.rejectReason'), tx.rejectReason)}
      {row(t('fields.createdBy'), tx.createdByName)}
      {row(t('fields.decidedBy'), tx.decidedByName)}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 4 }}>
        <span>{t('voucher.paidBy')}: ____________</span>
        <span>{t('voucher.receivedBy')}: ____________</span>
      </Box>
    </Box>
  );
}
