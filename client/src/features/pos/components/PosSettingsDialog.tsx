import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAtom, useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { http } from '../../../shared/api/http';
import { sessionUserState, storeSettingsState } from '../../../shared/state';
import type { PaperLayout } from '../../../shared/ui/print';
import { DEFAULT_SCALE_CONFIG, validScaleConfig, type ScaleConfig } from '../lib/scale';

type SettingsProps = {
  layout: PaperLayout;
  onLayout: (layout: PaperLayout) => void;
  onClose: () => void;
};

/** The till's paper and the store's scale-label layout; mounted at each opening (a fresh draft). */
export function PosSettingsDialog({ layout, onLayout, onClose }: SettingsProps) {
  const { t } = useTranslation('pos');
  // The scale layout is a store setting (the same on every register), not this browser's; only
  // an administrator changes it, others see it.
  const [storeSettings, setStoreSettings] = useAtom(storeSettingsState);
  const scale = storeSettings.scaleBarcode;
  const canEditScale = useAtomValue(sessionUserState)?.isAdmin === true;
  const [draft, setDraft] = useState(scale);
  const [paper, setPaper] = useState(layout);
  const save = async () => {
    if (canEditScale && JSON.stringify(draft) !== JSON.stringify(scale)) {
      try {
        setStoreSettings(await http.patch('/StoreSettings', { scaleBarcode: draft }));
      } catch (err) {
        handleError(err, { toast: true });
        return;
      }
    }
    onLayout(paper);
    onClose();
  };
  const num = (key: 'itemStart' | 'itemLength' | 'valueStart' | 'valueLength') => (
    <TextField
      size="small"
      label={t(`settings.${key}`)}
      value={String(draft[key])}
      disabled={!canEditScale}
      onChange={(e) => setDraft((d) => ({ ...d, [key]: Number(e.target.value) }))}
      slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
    />
  );
  const ok = validScaleConfig(draft);
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('settings.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack sx={{ gap: 1.5 }}>
          <TextField
            select
            size="small"
            label={t('settings.paper')}
            value={paper}
            onChange={(e) => setPaper(e.target.value as PaperLayout)}
          >
            <MenuItem value="80mm">{t('settings.paper80')}</MenuItem>
            <MenuItem value="a4">{t('settings.paperA4')}</MenuItem>
          </TextField>
          <Typography variant="body2" color="text.secondary">
            {t('settings.paperLocal')}
          </Typography>
          <Typography variant="subtitle2">{t('settings.scaleTitle')}</Typography>
          <Typography variant="body2" color="text.secondary" data-testid="scale-store-note">
            {t(canEditScale ? 'settings.scaleStore' : 'settings.scaleStoreReadOnly')}
          </Typography>
          <FormControlLabel
            disabled={!canEditScale}
            control={
              <Switch
                checked={draft.enabled}
                onChange={(e) => setDraft((d) => ({ ...d, enabled: e.target.checked }))}
              />
            }
            label={t('settings.scaleEnabled')}
          />
          <TextField
            size="small"
            label={t('settings.prefix')}
            value={draft.prefix}
            disabled={!canEditScale}
            onChange={(e) => setDraft((d) => ({ ...d, prefix: e.target.value.trim() }))}
            slotProps={{
              htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': 'scale-prefix' },
            }}
          />
          <Stack direction="row" sx={{ gap: 1 }}>
            {num('itemStart')}
            {num('itemLength')}
          </Stack>
          <Stack direction="row" sx={{ gap: 1 }}>
            {num('valueStart')}
            {num('valueLength')}
          </Stack>
          <TextField
            select
            size="small"
            label={t('settings.mode')}
            value={draft.mode}
            disabled={!canEditScale}
            onChange={(e) =>
              setDraft((d) => ({ ...d, mode: e.target.value as ScaleConfig['mode'] }))
            }
          >
            <MenuItem value="weight">{t('settings.modeWeight')}</MenuItem>
            <MenuItem value="price">{t('settings.modePrice')}</MenuItem>
          </TextField>
          {!ok && <Alert severity="error">{t('settings.invalid')}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          color="inherit"
          disabled={!canEditScale}
          onClick={() => setDraft(DEFAULT_SCALE_CONFIG)}
        >
          {t('settings.reset')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button color="inherit" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" disabled={!ok} onClick={() => void save()}>
          {t('actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
