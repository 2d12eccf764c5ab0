import Box from '@mui/material/Box';
import { formatPiasters, type PurchaseOrderResponseDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay } from '../../../shared/lib/format';
import { nameLang } from '../../../shared/lib/lang';
import { formatQuantity } from '../../../shared/lib/money';
import { DocumentBarcode, useReceiptData } from '../../../shared/ui/print';
import { propertiesText } from '../../catalog';

const cell = { border: '1px solid #999', padding: '4px 6px', textAlign: 'start' as const };

/**
 * The printed purchase order (A4) for the vendor: the store, the number as a barcode, vendor and
 * receiving inventory, the lines; costs and the total only when the server sent them (a user
 * without can_see_buy_price prints quantities only).
 */
export function PurchaseOrderPrint({ order }: { order: PurchaseOrderResponseDto }) {
  const { t, i18n } = useTranslation('purchase-orders');
  const data = useReceiptData();
  const lines = order.lines ?? [];
  const showCost = order.total !== undefined;
  const received = order.status !== 'ordered' && order.status !== 'cancelled';
  return (
    <Box
      dir={i18n.dir()}
      sx={{ fontFamily: 'inherit', color: '#000', fontSize: 12 }}
      data-testid="po-print"
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box>
          <Box sx={{ fontSize: 18, fontWeight: 700 }}>{data.name}</Box>
          {data.address && <Box>{data.address}</Box>}
          {data.phoneNumber && <Box dir="ltr">{data.phoneNumber}</Box>}
          <Box sx={{ fontSize: 16, fontWeight: 700, mt: 0.5 }}>{t('print.title')}</Box>
          <Box>
            {order.number} · {t(`status.${order.status}`)} · {formatDateTime(order.createdAt)}
          </Box>
        </Box>
        <Box sx={{ inlineSize: '60mm' }}>
          <DocumentBarcode value={order.number} />
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 4, my: 1.5, flexWrap: 'wrap' }}>
        <Box>
          <b>{t('fields.vendor')}:</b> {order.vendorName}
        </Box>
        <Box>
          <b>{t('print.deliverTo')}:</b> {order.inventoryName} — {order.branchName}
        </Box>
        {order.expectedDate && (
          <Box>
            <b>{t('fields.expectedDate')}:</b> {formatDay(order.expectedDate)}
          </Box>
        )}
      </Box>
      <Box component="table" sx={{ inlineSize: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th style={cell}>#</th>
            <th style={cell}>{t('fields.product')}</th>
            <th style={cell}>{t('fields.code')}</th>
            <th style={cell}>{t('fields.quantity')}</th>
            {received && <th style={cell}>{t('fields.received')}</th>}
            {showCost && <th style={cell}>{t('fields.unitCost')}</th>}
            {showCost && <th style={cell}>{t('fields.lineTotal')}</th>}
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.id} data-testid="po-print-line">
              <td style={cell}>{l.lineNo}</td>
              <td style={cell}>
                <span lang={nameLang(l.productName)}>{l.productName}</span>{' '}
                {propertiesText(l.properties)}
              </td>
              <td style={cell} dir="ltr">
                {l.barcodes[0] ?? l.sku}
              </td>
              <td style={cell}>{formatQuantity(l.quantity)}</td>
              {received && <td style={cell}>{formatQuantity(l.receivedQuantity)}</td>}
              {showCost && (
                <td style={cell}>{l.unitCost !== undefined ? formatPiasters(l.unitCost) : ''}</td>
              )}
              {showCost && (
                <td style={cell}>{l.lineTotal !== undefined ? formatPiasters(l.lineTotal) : ''}</td>
              )}
            </tr>
          ))}
        </tbody>
      </Box>
      <Box sx={{ mt: 1 }}>
        <b>{t('print.totalQuantity')}:</b> {formatQuantity(order.orderedQuantity)}
        {showCost && ` · ${t('fields.total')}: ${formatPiasters(order.total!)}`}
      </Box>
      {order.note && (
        <Box sx={{ mt: 1 }}>
          {t('fields.note')}: {order.note}
        </Box>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 6 }}>
        <Box>{t('print.signBuyer')}: ____________________</Box>
        <Box>{t('print.signVendor')}: ____________________</Box>
      </Box>
    </Box>
  );
}
