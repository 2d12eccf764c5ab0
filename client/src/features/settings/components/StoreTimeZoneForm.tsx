import Save from '@mui/icons-material/Save';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StoreSettingsDto } from '@pos/contracts';
import { useMutation } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { http } from '../../../shared/api/http';
import { setStoreTimeZone } from '../../../shared/lib/format';
import { storeSettingsState } from '../../../shared/state';
import { toast } from '../../../shared/ui/toast';

/**
 * The store time zone (a store setting on the server, default Africa/Cairo): every date and time
 * on every screen and print, the business day and the daily report follow it.
 */
export function StoreTimeZoneForm({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('settings');
  const [settings, setSettings] = useAtom(storeSettingsState);
  const [zone, setZone] = useState(settings.timeZone);
  const zones = useMemo(() => {
    const all =
      (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.(
        'timeZone',
      ) ?? [];
    return all.includes(settings.timeZone) ? all : [settings.timeZone, ...all];
  }, [settings.timeZone]);
  const save = useMutation({
    mutationFn: (timeZone: string) => http.patch<StoreSettingsDto>('/StoreSettings', { timeZone }),
    onSuccess: (saved) => {
      setStoreTimeZone(saved.timeZone);
      setSettings(saved);
      toast.success(t('timeZone.saved'));
    },
    onError: (err) => handleError(err, { toast: true }),
  });
  return (
    <Box sx={{ mb: 3, display: 'grid', gap: 1 }}>
      <Typography variant="subtitle2">{t('timeZone.title')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('timeZone.help')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Autocomplete
          options={zones}
          value={zone}
          disableClearable
          disabled={!canWrite}
          onChange={(_, next) => setZone(next)}
          sx={{ minWidth: 260 }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('timeZone.label')}
              slotProps={{
                ...params.slotProps,
                htmlInput: {
                  ...params.slotProps.htmlInput,
                  dir: 'ltr',
                  'data-testid': 'store-time-zone',
                },
              }}
            />
          )}
        />
        <Button
          variant="contained"
          startIcon={<Save />}
          disabled={!canWrite || save.isPending || zone === settings.timeZone}
          onClick={() => save.mutate(zone)}
          data-testid="store-time-zone-save"
        >
          {t('timeZone.save')}
        </Button>
      </Box>
    </Box>
  );
}
