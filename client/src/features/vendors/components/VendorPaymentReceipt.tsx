import Box from '@mui/material/Box';
import { formatPiasters, type VendorPaymentReceiptDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../shared/lib/format';
import { nameLang } from '../../../shared/lib/lang';
import type { Fact } from '../../../shared/ui/DetailKit';
import { PrintDocument } from '../../../shared/ui/DocumentKit';
import { formatDateTime } from '../../../shared/ui/print';

/** The printed receipt of a vendor payment (A4 half page): store, vendor, amount, vault, the invoices it settled. */
export function VendorPaymentReceipt({ payment: p }: { payment: VendorPaymentReceiptDto }) {
  const { t } = useTranslation('vendors');
  // label, value, test id of the value; `false`: not on this receipt
  const lines: Fact[] = [
    [t('receipt.vendor'), p.vendorName, 'vendor-receipt-vendor'],
    [t('receipt.amount'), formatPiasters(p.amount), 'vendor-receipt-amount'],
    [t('receipt.vault'), `${p.vaultName} — ${p.branchName}`],
    p.openingSettled > 0 && [
      t('receipt.openingSettled'),
      formatPiasters(p.openingSettled),
      'vendor-receipt-opening',
    ],
    p.advance > 0 && [
      t('receipt.unallocated'),
      formatPiasters(p.advance),
      'vendor-receipt-advance',
    ],
    [t('receipt.balanceAfter'), formatPiasters(p.balanceAfter)],
    !!p.userName && [t('receipt.user'), p.userName],
    !!p.note && [t('receipt.note'), p.note],
  ];
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
          {lines.map(
            (line) =>
              line && (
                <Box
                  key={line[0]}
                  sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: '2px' }}
                >
                  <span>{line[0]}</span>
                  <b data-testid={line[2]}>{line[1]}</b>
                </Box>
              ),
          )}
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
