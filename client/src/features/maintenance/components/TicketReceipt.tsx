import Box from '@mui/material/Box';
import { formatPiasters, type MaintenanceTicketDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay } from '../../../shared/lib/format';
import { DocumentBarcode, formatQty, useReceiptData } from '../../../shared/ui/print';
import { deviceText } from '../lib/ticket';

/**
 * The 80 mm intake receipt (ticket number with its barcode, the device, the problem, what was
 * received, the estimate and deposit, the store's maintenance terms: spec §3, always from store
 * info) and the delivery receipt (parts, labour, deposit deducted, paid, warranty).
 */
export function TicketReceipt({
  ticket,
  kind,
}: {
  ticket: MaintenanceTicketDto;
  kind: 'intake' | 'delivery';
}) {
  const { t, i18n } = useTranslation('maintenance');
  const data = useReceiptData();
  const row = (label: string, value: string | null | undefined, testId?: string) =>
    value ? (
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', py: 0.25 }}>
        <b>{label}</b>
        <span data-testid={testId}>{value}</span>
      </Box>
    ) : null;
  const money = (v: number) => formatPiasters(v);
  return (
    <Box
      dir={i18n.dir()}
      sx={{ color: '#000', fontSize: 12, width: '76mm', mx: 'auto' }}
      data-testid={`ticket-receipt-${kind}`}
    >
      <Box sx={{ textAlign: 'center' }}>
        {data.logo && (
          <Box
            component="img"
            src={data.logo}
            alt=""
            sx={{ maxWidth: '40mm', maxHeight: '20mm' }}
          />
        )}
        <Box sx={{ fontSize: 16, fontWeight: 700 }}>{data.name}</Box>
        {data.address && <Box>{data.address}</Box>}
        {data.phoneNumber && <Box dir="ltr">{data.phoneNumber}</Box>}
        <Box sx={{ fontSize: 14, fontWeight: 700, mt: 0.5 }}>{t(`receipt.${kind}`)}</Box>
        <DocumentBarcode value={ticket.number} />
      </Box>
      {row(t('fields.number'), ticket.number)}
      {row(
        kind === 'intake' ? t('fields.createdAt') : t('fields.deliveredAt'),
        formatDateTime(
          kind === 'intake' ? ticket.createdAt : (ticket.deliveredAt ?? ticket.updatedAt),
        ),
      )}
      {row(t('fields.customer'), ticket.customerName)}
      {row(t('fields.phone'), ticket.customerPhone)}
      {row(t('fields.device'), deviceText(ticket, t))}
      {row(t('fields.serial'), ticket.serial)}
      {kind === 'intake' && (
        <>
          {row(t('fields.problem'), ticket.problem)}
          {row(t('fields.condition'), ticket.condition)}
          {row(
            t('fields.accessories'),
            ticket.accessories.map((a) => t(`accessories.${a}`)).join('، ') || t('fields.none'),
          )}
          {ticket.estimate > 0 && row(t('fields.estimate'), money(ticket.estimate))}
          {ticket.estimatedDate && row(t('fields.estimatedDate'), formatDay(ticket.estimatedDate))}
          {row(t('fields.deposit'), money(ticket.deposit), 'receipt-deposit')}
        </>
      )}
      {kind === 'delivery' && (
        <>
          {(ticket.parts ?? []).map((p) => (
            <Box key={p.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <span>
                {p.name} × {formatQty(p.quantity)}
              </span>
              <span>{money(p.total)}</span>
            </Box>
          ))}
          {row(t('fields.partsTotal'), money(ticket.partsTotal))}
          {row(t('fields.labour'), money(ticket.labour))}
          {row(t('fields.total'), money(ticket.total))}
          {row(t('fields.deposit'), money(ticket.deposit))}
          {row(t('fields.paid'), money(ticket.paid), 'receipt-paid')}
          {ticket.vat > 0 && row(t('fields.vat'), money(ticket.vat), 'receipt-vat')}
          {row(t('fields.saleNumber'), ticket.saleNumber, 'receipt-sale-number')}
          {ticket.warrantyUntil && row(t('fields.warrantyUntil'), formatDay(ticket.warrantyUntil))}
        </>
      )}
      {data.maintenanceReceiptInfo && (
        <Box sx={{ mt: 1, borderTop: '1px dashed #000', pt: 0.5, whiteSpace: 'pre-line' }}>
          <b>{t('receipt.terms')}</b>
          <Box data-testid="receipt-terms">{data.maintenanceReceiptInfo}</Box>
        </Box>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 3 }}>
        <span>{t('receipt.customerSignature')}: ______</span>
        <span>{t('receipt.staffSignature')}: ______</span>
      </Box>
      {kind === 'intake' && <Box sx={{ textAlign: 'center', mt: 1 }}>{t('receipt.thanks')}</Box>}
    </Box>
  );
}
