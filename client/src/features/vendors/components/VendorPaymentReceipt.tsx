import Box from '@mui/material/Box';
import { formatPiasters, type VendorPaymentReceiptDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../shared/lib/format';
import { nameLang } from '../../../shared/lib/lang';
import { DocumentBarcode, formatDateTime, useReceiptData } from '../../../shared/ui/print';

const cell = { border: '1px solid #999', padding: '3px 6px', textAlign: 'start' as const };
const amountCell = { ...cell, textAlign: 'end' as const, whiteSpace: 'nowrap' as const };

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
  const { t, i18n } = useTranslation('vendors');
  const store = useReceiptData();
  return (
    <Box
      dir={i18n.dir()}
      sx={{ color: '#000', bgcolor: '#fff', fontSize: 12, maxInlineSize: '190mm' }}
      data-testid="vendor-receipt"
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box>
          <Box sx={{ fontSize: 18, fontWeight: 700 }}>{store.name}</Box>
          {store.address && <Box>{store.address}</Box>}
          <Box sx={{ fontSize: 16, fontWeight: 700, mt: 0.5 }}>{t('receipt.title')}</Box>
          <Box>
            {p.number} · {formatDateTime(p.at)}
          </Box>
        </Box>
        <Box sx={{ inlineSize: '60mm' }}>
          <DocumentBarcode value={p.number} />
        </Box>
      </Box>
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
      {p.allocations.length > 0 && (
        <Box component="table" sx={{ inlineSize: '100%', borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              <th style={cell}>{t('invoices.number')}</th>
              <th style={cell}>{t('invoices.vendorNumber')}</th>
              <th style={cell}>{t('invoices.date')}</th>
              <th style={amountCell}>{t('invoices.total')}</th>
              <th style={amountCell}>{t('receipt.settled')}</th>
            </tr>
          </thead>
          <tbody>
            {p.allocations.map((a) => (
              <tr key={a.invoiceId}>
                <td style={cell} dir="ltr">
                  {a.number}
                </td>
                <td style={cell} dir="ltr">
                  {a.vendorInvoiceNumber ?? ''}
                </td>
                <td style={cell}>{formatDay(a.invoiceDate)}</td>
                <td style={amountCell}>{formatPiasters(a.invoiceTotal)}</td>
                <td style={amountCell}>{formatPiasters(a.amount)}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 6 }}>
        <Box>{t('receipt.paidBy')}: ____________________</Box>
        <Box>
          {t('receipt.receivedBy')}: <span lang={nameLang(p.vendorName)}>{p.vendorName}</span>{' '}
          ____________________
        </Box>
      </Box>
    </Box>
  );
}
