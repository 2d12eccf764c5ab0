import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
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

/** The VAT % included in service amounts (repair bills, delivery fees); 0 charges none. */
export function ServiceVatForm({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('settings');
  const [settings, setSettings] = useAtom(storeSettingsState);
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? String(settings.serviceVatRate);
  const rate = Number(value);
  const valid = /^\d{1,3}$/.test(value) && rate <= 100;
  const save = useMutation({
    mutationFn: (serviceVatRate: number) =>
      http.patch<StoreSettingsDto>('/StoreSettings', { serviceVatRate }),
    onSuccess: (saved) => {
      setSettings(saved);
      setDraft(null);
      toast.success(t('serviceVat.saved'));
    },
    onError: (err) => handleError(err, { toast: true }),
  });
  return (
    <Box
      component="form"
      sx={{ mb: 3, display: 'grid', gap: 1 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) save.mutate(rate);
      }}
    >
      <Typography variant="subtitle2">{t('serviceVat.title')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('serviceVat.help')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={t('serviceVat.rate')}
          value={value}
          onChange={(e) => setDraft(e.target.value.trim())}
          disabled={!canWrite || save.isPending}
          error={!valid}
          helperText={valid ? ' ' : t('serviceVat.invalid')}
          sx={{ inlineSize: 160 }}
          slotProps={{
            htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': 'service-vat-rate' },
          }}
        />
        {canWrite && (
          <Button
            type="submit"
            variant="outlined"
            disabled={!valid || draft === null || save.isPending}
            data-testid="service-vat-save"
          >
            {t('serviceVat.save')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
