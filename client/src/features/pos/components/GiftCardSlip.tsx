import Box from '@mui/material/Box';
import { formatPiasters, type GiftCardDto, type ReceiptData } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { DocumentBarcode, formatDateTime } from '../../../shared/ui/print';

/**
 * The printed gift card (issue 33 item 5): the store, the card's code as a Code128 barcode the
 * till scans back, its balance, when it was sold. Not a tax document: no VAT on a multi-purpose
 * voucher (docs/decisions/0083).
 */
export function GiftCardSlip({ card, data }: { card: GiftCardDto; data: ReceiptData }) {
  const { t, i18n } = useTranslation('pos');
  return (
    <Box
      dir={i18n.dir()}
      data-testid="gift-card-slip"
      sx={{
        inlineSize: '72mm',
        fontSize: 11,
        marginInline: 'auto',
        color: '#000',
        bgcolor: '#fff',
      }}
    >
      <Box sx={{ textAlign: 'center', fontWeight: 700, fontSize: 14 }}>{data.name}</Box>
      <Box sx={{ textAlign: 'center', fontWeight: 700, my: 0.5 }}>
        {card.kind === 'store_credit' ? t('giftCard.storeCreditTitle') : t('giftCard.slipTitle')}
      </Box>
      <DocumentBarcode value={card.code} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <span>{t('giftCard.balance')}</span>
        <span data-testid="gift-card-slip-balance">{formatPiasters(card.balance)}</span>
      </Box>
      {card.customerName && (
        <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
          <span>{t('giftCard.customer')}</span>
          <span>{card.customerName}</span>
        </Box>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <span>{t('giftCard.soldAt')}</span>
        <span>{formatDateTime(card.createdAt)}</span>
      </Box>
      <Box sx={{ mt: 1, textAlign: 'center' }}>{t('giftCard.slipNote')}</Box>
    </Box>
  );
}
