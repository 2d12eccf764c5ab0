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
      <TextField
        label={t('password.current')}
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'password-current' } }}
        autoFocus
      />
      <TextField
        label={t('password.new')}
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        helperText={t('password.hint')}
        slotProps={{ htmlInput: { 'data-testid': 'password-new' } }}
      />
      <TextField
        label={t('password.again')}
        type="password"
        autoComplete="new-password"
        value={again}
        onChange={(e) => setAgain(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'password-again' } }}
      />
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
