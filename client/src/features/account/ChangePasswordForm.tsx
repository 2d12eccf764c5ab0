import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeError } from '../../shared/api/handleError';
import { SaveButton } from '../../shared/forms/SaveButton';
import { AccountForm } from './AccountForm';
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
    <AccountForm
      onSubmit={onSubmit}
      error={error}
      testId="change-password-form"
      errorTestId="change-password-error"
    >
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
      <SaveButton icon={null} disabled={change.isPending} testId="change-password-submit">
        {t('password.submit')}
      </SaveButton>
    </AccountForm>
  );
}
