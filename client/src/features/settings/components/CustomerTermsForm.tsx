import Save from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StoreSettingsDto } from '@pos/contracts';
import { useMutation } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { http } from '../../../shared/api/http';
import { storeSettingsState } from '../../../shared/state';
import { toast } from '../../../shared/ui/toast';

/**
 * The customers' default payment terms (a store setting, 30 days unless set): a customer without
 * terms of their own is past due, on the debts' reminder list, after this many days.
 */
export function CustomerTermsForm({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('settings');
  const [settings, setSettings] = useAtom(storeSettingsState);
  const [days, setDays] = useState(String(settings.customerPaymentTermsDays));
  const save = useMutation({
    mutationFn: (customerPaymentTermsDays: number) =>
      http.patch<StoreSettingsDto>('/StoreSettings', { customerPaymentTermsDays }),
    onSuccess: (saved) => {
      setSettings(saved);
      setDays(String(saved.customerPaymentTermsDays));
      toast.success(t('customerTerms.saved'));
    },
    onError: (err) => handleError(err, { toast: true }),
  });
  const value = days.trim() === '' ? NaN : Number(days);
  return (
    <Box sx={{ mb: 3, display: 'grid', gap: 1 }}>
      <Typography variant="subtitle2">{t('customerTerms.title')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('customerTerms.help')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={t('customerTerms.label')}
          value={days}
          disabled={!canWrite}
          onChange={(e) => setDays(e.target.value.replace(/\D/g, '').slice(0, 3))}
          slotProps={{
            htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': 'customer-terms-days' },
          }}
          sx={{ inlineSize: 160 }}
        />
        <Button
          variant="contained"
          startIcon={<Save />}
          disabled={
            !canWrite ||
            save.isPending ||
            !Number.isInteger(value) ||
            value === settings.customerPaymentTermsDays
          }
          onClick={() => save.mutate(value)}
          data-testid="customer-terms-save"
        >
          {t('customerTerms.save')}
        </Button>
      </Box>
    </Box>
  );
}
