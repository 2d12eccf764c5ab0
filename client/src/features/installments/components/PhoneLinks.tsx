import Phone from '@mui/icons-material/Phone';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { telLink, whatsAppLink } from '@pos/contracts';
import { useTranslation } from 'react-i18next';

/** Call and WhatsApp links of a customer's phone (WhatsApp only for a mobile number). */
export function PhoneLinks({ phone, intl }: { phone: string | null; intl?: string | null }) {
  const { t } = useTranslation('installments');
  if (!phone) return <>—</>;
  const tel = telLink(phone);
  const wa = intl ? `https://wa.me/${intl}` : whatsAppLink(phone);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
      <Box component="span" dir="ltr">
        {phone}
      </Box>
      {tel && (
        <Tooltip title={t('due.call', { phone })}>
          <IconButton
            size="small"
            component="a"
            href={tel}
            aria-label={t('due.call', { phone })}
            data-testid="due-tel"
          >
            <Phone fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {wa && (
        <Tooltip title={t('due.whatsapp', { phone })}>
          <IconButton
            size="small"
            component="a"
            href={wa}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('due.whatsapp', { phone })}
            data-testid="due-whatsapp"
            sx={{ color: '#1a7f4b' }}
          >
            <WhatsApp fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}
