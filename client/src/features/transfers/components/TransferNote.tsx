import Box from '@mui/material/Box';
import { formatPiasters, type TransferResponseDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../shared/lib/money';
import { propertiesText } from '../../catalog';
import { DocumentBarcode, useReceiptData } from '../../../shared/ui/print';
import { formatDateTime } from '../../../shared/lib/format';
import { nameLang } from '../../../shared/lib/lang';

const cell = { border: '1px solid #999', padding: '4px 6px', textAlign: 'start' as const };

/** The printable transfer note (A4): both ends, lines with shipped/received, value only when allowed, signatures. */
export function TransferNote({ transfer: tr }: { transfer: TransferResponseDto }) {
  const { t, i18n } = useTranslation('transfers');
  const data = useReceiptData();
  const lines = tr.lines ?? [];
  const shipped = ['shipped', 'received', 'partially_received'].includes(tr.state);
  const received = ['received', 'partially_received'].includes(tr.state);
  const showValue = tr.valueAtCost !== undefined;
  return (
    <Box
      dir={i18n.dir()}
      sx={{ fontFamily: 'inherit', color: '#000', fontSize: 12 }}
      data-testid="transfer-note"
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box>
          <Box sx={{ fontSize: 18, fontWeight: 700 }}>{data.name}</Box>
          <Box sx={{ fontSize: 16, fontWeight: 700, mt: 0.5 }}>{t('print.title')}</Box>
          <Box>
            {t(`states.${tr.state}`)} · {formatDateTime(tr.createdAt)}
          </Box>
        </Box>
        <Box sx={{ inlineSize: '60mm' }}>
          <DocumentBarcode value={tr.number} />
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 4, my: 1.5 }}>
        <Box>
          <b>{t('fields.from')}:</b> {tr.fromInventoryName} — {tr.fromBranchName}
        </Box>
        <Box>
          <b>{t('fields.to')}:</b> {tr.toInventoryName} — {tr.toBranchName}
        </Box>
      </Box>
      <Box component="table" sx={{ inlineSize: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th style={cell}>#</th>
            <th style={cell}>{t('fields.product')}</th>
            <th style={cell}>{t('fields.code')}</th>
            <th style={cell}>{t('fields.requested')}</th>
            {shipped && <th style={cell}>{t('fields.shipped')}</th>}
            {received && <th style={cell}>{t('fields.received')}</th>}
            {received && <th style={cell}>{t('fields.reason')}</th>}
            {showValue && <th style={cell}>{t('fields.lineValue')}</th>}
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.id}>
              <td style={cell}>{l.lineNo}</td>
              <td style={cell}>
                <span lang={nameLang(l.productName)}>{l.productName}</span>{' '}
                {propertiesText(l.properties)}
              </td>
              <td style={cell} dir="ltr">
                {l.barcodes[0] ?? l.sku}
              </td>
              <td style={cell}>{formatQuantity(l.quantity)}</td>
              {shipped && <td style={cell}>{formatQuantity(l.shippedQuantity)}</td>}
              {received && <td style={cell}>{formatQuantity(l.receivedQuantity)}</td>}
              {received && <td style={cell}>{l.reason ?? ''}</td>}
              {showValue && (
                <td style={cell}>{l.lineValue !== undefined ? formatPiasters(l.lineValue) : ''}</td>
              )}
            </tr>
          ))}
        </tbody>
      </Box>
      <Box sx={{ mt: 1 }}>
        <b>{t('print.total')}:</b> {formatQuantity(tr.totalQuantity)}
        {showValue && ` · ${t('fields.value')}: ${formatPiasters(tr.valueAtCost!)}`}
      </Box>
      {tr.note && (
        <Box sx={{ mt: 1 }}>
          {t('fields.note')}: {tr.note}
        </Box>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 6 }}>
        <Box>{t('print.signFrom')}: ____________________</Box>
        <Box>{t('print.signTo')}: ____________________</Box>
      </Box>
    </Box>
  );
}
