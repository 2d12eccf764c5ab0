import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isRegisterNumber } from '@pos/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The display's first screen on a device: the register it shows (the number the till shows). */
export function PairingForm({ onPair }: { onPair: (register: number) => void }) {
  const { t } = useTranslation('display');
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(value.trim());
    if (!value.trim() || !isRegisterNumber(n)) {
      setInvalid(true);
      return;
    }
    onPair(n);
  };
  return (
    <Stack
      sx={{
        minBlockSize: '100vh',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Paper
        component="form"
        onSubmit={submit}
        noValidate
        variant="outlined"
        sx={{ p: 3, inlineSize: '100%', maxInlineSize: 420 }}
        data-testid="display-pairing"
      >
        <Stack sx={{ gap: 2 }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
            {t('title')}
          </Typography>
          <Typography variant="subtitle1">{t('pair.title')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('pair.hint')}
          </Typography>
          <TextField
            label={t('pair.register')}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setInvalid(false);
            }}
            error={invalid}
            helperText={invalid ? t('pair.invalid') : ' '}
            autoFocus
            slotProps={{
              htmlInput: { inputMode: 'numeric', 'data-testid': 'display-register-input' },
            }}
          />
          <Button type="submit" variant="contained" data-testid="display-pair">
            {t('pair.connect')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
