import Phone from '@mui/icons-material/Phone';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { telLink, whatsAppLink } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../../shared/ui/IconAction';

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
        <IconAction icon={Phone} label={t('due.call', { phone })} href={tel} testId="due-tel" />
      )}
      {wa && (
        <IconAction
          icon={WhatsApp}
          label={t('due.whatsapp', { phone })}
          href={wa}
          newTab
          testId="due-whatsapp"
          sx={{ color: '#1a7f4b' }}
        />
      )}
    </Stack>
  );
}
