import Box from '@mui/material/Box';
import { formatPiasters, type VendorPaymentReceiptDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../shared/lib/format';
import { nameLang } from '../../../shared/lib/lang';
import { PrintDocument } from '../../../shared/ui/DocumentKit';
import { formatDateTime } from '../../../shared/ui/print';

function Line({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: '2px' }}>
      <span>{label}</span>
      <b data-testid={testId}>{value}</b>
    </Box>
  );
}

/** The printed receipt of a vendor payment (A4 half page): store, vendor, amount, vault, the invoices it settled. */
export function VendorPaymentReceipt({ payment: p }: { payment: VendorPaymentReceiptDto }) {
  const { t } = useTranslation('vendors');
  return (
    <PrintDocument
      testId="vendor-receipt"
      title={t('receipt.title')}
      subtitle={`${p.number} · ${formatDateTime(p.at)}`}
      barcode={p.number}
      storeContact
      hideEmptyTable
      sx={{ bgcolor: '#fff', maxInlineSize: '190mm' }}
      facts={
        <Box sx={{ my: 1.5, maxInlineSize: '110mm' }}>
          <Line label={t('receipt.vendor')} value={p.vendorName} testId="vendor-receipt-vendor" />
          <Line
            label={t('receipt.amount')}
            value={formatPiasters(p.amount)}
            testId="vendor-receipt-amount"
          />
          <Line label={t('receipt.vault')} value={`${p.vaultName} — ${p.branchName}`} />
          {p.openingSettled > 0 && (
            <Line
              label={t('receipt.openingSettled')}
              value={formatPiasters(p.openingSettled)}
              testId="vendor-receipt-opening"
            />
          )}
          {p.advance > 0 && (
            <Line
              label={t('receipt.unallocated')}
              value={formatPiasters(p.advance)}
              testId="vendor-receipt-advance"
            />
          )}
          <Line label={t('receipt.balanceAfter')} value={formatPiasters(p.balanceAfter)} />
          {p.userName && <Line label={t('receipt.user')} value={p.userName} />}
          {p.note && <Line label={t('receipt.note')} value={p.note} />}
        </Box>
      }
      rows={p.allocations}
      rowKey={(a) => a.invoiceId}
      columns={[
        { header: t('invoices.number'), render: (a) => a.number, ltr: true },
        { header: t('invoices.vendorNumber'), render: (a) => a.vendorInvoiceNumber, ltr: true },
        { header: t('invoices.date'), render: (a) => formatDay(a.invoiceDate) },
        { header: t('invoices.total'), render: (a) => formatPiasters(a.invoiceTotal), ltr: true },
        { header: t('receipt.settled'), render: (a) => formatPiasters(a.amount), ltr: true },
      ]}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 6 }}>
        <Box>{t('receipt.paidBy')}: ____________________</Box>
        <Box>
          {t('receipt.receivedBy')}: <span lang={nameLang(p.vendorName)}>{p.vendorName}</span>{' '}
          ____________________
        </Box>
      </Box>
    </PrintDocument>
  );
}
