import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { EReceiptMark } from '../lib/print';

/**
 * The ETA block of a printed receipt: the issuer's tax registration number and ETA branch code,
 * the QR (ETA's share link with the total and the issuer's RIN) and the receipt's UUID, centred,
 * sized for the 80 mm roll.
 */
export function EReceiptQr({
  mark,
  label,
  rinLabel,
  branchLabel,
}: {
  mark: EReceiptMark;
  label: string;
  rinLabel: string;
  branchLabel: string;
}) {
  const { i18n } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', mt: 1 }} data-testid="receipt-eta" lang={i18n.language}>
      {mark.issuerRin && (
        <Box data-testid="receipt-eta-rin">
          {rinLabel}: <bdi dir="ltr">{mark.issuerRin}</bdi>
        </Box>
      )}
      {mark.branchCode && (
        <Box data-testid="receipt-eta-branch">
          {branchLabel}: <bdi dir="ltr">{mark.branchCode}</bdi>
        </Box>
      )}
      <Box
        component="img"
        src={mark.qrImage}
        alt={label}
        data-testid="receipt-eta-qr"
        data-qr={mark.qr}
        sx={{ inlineSize: '32mm', blockSize: '32mm', display: 'block', marginInline: 'auto' }}
      />
      <Box sx={{ fontSize: '0.85em', fontWeight: 700 }}>{label}</Box>
      <Box
        dir="ltr"
        data-testid="receipt-eta-uuid"
        sx={{ fontFamily: 'monospace', fontSize: '0.75em', overflowWrap: 'anywhere' }}
      >
        {mark.uuid}
      </Box>
    </Box>
  );
}
