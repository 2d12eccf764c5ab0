import FormControlLabel from '@mui/material/FormControlLabel';
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { StoreSettingsDto } from '@pos/contracts';
import { useMutation } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { http } from '../../../shared/api/http';
import { storeSettingsState } from '../../../shared/state';
import { toast } from '../../../shared/ui/toast';

/** The store's rule for a cancelled or expired reservation's deposit: refunded or forfeited. */
export function ReservationDepositForm({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('settings');
  const [settings, setSettings] = useAtom(storeSettingsState);
  const save = useMutation({
    mutationFn: (reservationDepositForfeit: boolean) =>
      http.patch<StoreSettingsDto>('/StoreSettings', { reservationDepositForfeit }),
    onSuccess: (saved) => {
      setSettings(saved);
      toast.success(t('reservationDeposit.saved'));
    },
    onError: (err) => handleError(err, { toast: true }),
  });
  return (
    <Box sx={{ mb: 3, display: 'grid', gap: 1 }}>
      <Typography variant="subtitle2">{t('reservationDeposit.title')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('reservationDeposit.help')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={settings.reservationDepositForfeit}
            disabled={!canWrite || save.isPending}
            onChange={(e) => save.mutate(e.target.checked)}
            slotProps={{ input: { 'data-testid': 'reservation-deposit-forfeit' } as object }}
          />
        }
        label={t('reservationDeposit.forfeit')}
      />
    </Box>
  );
}
