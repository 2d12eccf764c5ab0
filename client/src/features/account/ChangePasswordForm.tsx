import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeError } from '../../shared/api/handleError';
import { accountApi } from './api';

const FIELDS = [
  ['current', 'current-password'],
  ['new', 'new-password'],
  ['again', 'new-password'],
] as const;

/** Current password, new password twice; `onDone` after the server accepted the change. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const [values, setValues] = useState({ current: '', new: '', again: '' });
  const [invalid, setInvalid] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () => accountApi.changePassword(values.current, values.new),
    onSuccess: onDone,
  });
  const error = invalid ?? (change.error && normalizeError(change.error).message);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem =
      !values.current || !values.new
        ? 'required'
        : values.new.length < 8
          ? 'tooShort'
          : values.new !== values.again
            ? 'mismatch'
            : null;
    setInvalid(problem && t(`password.${problem}`));
    if (!problem) change.mutate();
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
      {FIELDS.map(([key, autoComplete]) => (
        <TextField
          key={key}
          label={t(`password.${key}`)}
          type="password"
          autoComplete={autoComplete}
          value={values[key]}
          onChange={(e) => setValues({ ...values, [key]: e.target.value })}
          helperText={key === 'new' ? t('password.hint') : undefined}
          slotProps={{ htmlInput: { 'data-testid': `password-${key}` } }}
          autoFocus={key === 'current'}
        />
      ))}
      <Button
        type="submit"
        variant="contained"
        disabled={change.isPending}
        data-testid="change-password-submit"
      >
        {t('password.submit')}
      </Button>
    </Box>
  );
}
