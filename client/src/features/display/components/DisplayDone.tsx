import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPiasters, type DisplaySnapshot } from '@pos/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Sale = NonNullable<DisplaySnapshot['sale']>;

/** The sale made: the total, what was paid, the change due, and the e-receipt's QR to scan. */
export function DisplayDone({ sale }: { sale: Sale }) {
  const { t } = useTranslation('display');
  const money = (amount: number) => t('money', { amount: formatPiasters(amount) });
  const qrImage = useQrImage(sale.qr);
  return (
    <Stack
      data-testid="display-done"
      direction={{ xs: 'column', md: 'row' }}
      sx={{ flex: 1, alignItems: 'center', justifyContent: 'center', gap: 6, p: 4 }}
    >
      <Stack sx={{ gap: 2, minInlineSize: 320 }}>
        <Typography sx={{ fontSize: 'clamp(2rem, 4.5vw, 3.25rem)', fontWeight: 800 }}>
          {t('done.thanks')}
        </Typography>
        <Typography color="text.secondary" sx={{ fontSize: 18 }} data-testid="display-sale-number">
          {t('done.number', { number: sale.number })}
        </Typography>
        <Figure label={t('done.total')} value={money(sale.total)} testId="display-sale-total" />
        <Figure label={t('done.paid')} value={money(sale.paid)} testId="display-paid" />
        <Paper
          variant="outlined"
          sx={{ p: 2, borderColor: 'success.main', borderWidth: 2 }}
          data-testid="display-change-box"
        >
          <Typography sx={{ fontSize: 22, fontWeight: 600 }}>{t('done.change')}</Typography>
          <Typography
            color="success.main"
            sx={{ fontSize: 'clamp(2.5rem, 6vw, 4rem)', fontWeight: 800, lineHeight: 1.15 }}
            data-testid="display-change"
          >
            {money(sale.changeDue)}
          </Typography>
        </Paper>
      </Stack>
      {sale.qr && (
        <Stack sx={{ alignItems: 'center', gap: 1.5 }} data-testid="display-qr" data-qr={sale.qr}>
          {qrImage && (
            <Box
              component="img"
              src={qrImage}
              alt={t('done.qrAlt')}
              sx={{
                inlineSize: 'min(40vh, 320px)',
                blockSize: 'min(40vh, 320px)',
                bgcolor: '#fff',
                p: 1.5,
                borderRadius: 1,
              }}
            />
          )}
          <Typography sx={{ fontSize: 18 }}>{t('done.qr')}</Typography>
        </Stack>
      )}
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 4 }}>
      <Typography sx={{ fontSize: 22 }}>{label}</Typography>
      <Typography sx={{ fontSize: 22, fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  );
}

/** The QR drawn from ETA's text with the `qrcode` package (loaded on demand, as for the receipt). */
function useQrImage(text: string | null): string | null {
  const [image, setImage] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    if (!text) return;
    let live = true;
    void import('qrcode')
      .then((QRCode) =>
        QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 320 }),
      )
      .then(
        (url) => live && setImage({ text, url }),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [text]);
  return image && image.text === text ? image.url : null;
}
