import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeError } from '../../shared/api/handleError';
import { accountApi } from './api';

/** Current password, new password twice; `onDone` after the server accepted the change. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!current || !next) return setError(t('password.required'));
    if (next.length < 8) return setError(t('password.tooShort'));
    if (next !== again) return setError(t('password.mismatch'));
    setBusy(true);
    setError(null);
    try {
      await accountApi.changePassword(current, next);
      onDone();
    } catch (err) {
      setError(normalizeError(err).message);
    } finally {
      setBusy(false);
    }
  };

  const fields = [
    ['current', current, setCurrent, 'current-password'],
    ['new', next, setNext, 'new-password'],
    ['again', again, setAgain, 'new-password'],
  ] as const;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ display: 'grid', gap: 2 }}
      data-testid="change-password-form"
    >
      {error && (
        <Alert severity="error" data-testid="change-password-error">
          {error}
        </Alert>
      )}
      {fields.map(([key, value, set, autoComplete]) => (
        <TextField
          key={key}
          label={t(`password.${key}`)}
          type="password"
          autoComplete={autoComplete}
          value={value}
          onChange={(e) => set(e.target.value)}
          helperText={key === 'new' ? t('password.hint') : undefined}
          slotProps={{ htmlInput: { 'data-testid': `password-${key}` } }}
          autoFocus={key === 'current'}
        />
      ))}
      <Button
        type="submit"
        variant="contained"
        disabled={busy}
        data-testid="change-password-submit"
      >
        {t('password.submit')}
      </Button>
    </Box>
  );
}
