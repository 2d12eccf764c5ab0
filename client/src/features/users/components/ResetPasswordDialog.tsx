import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { UserResetPasswordDto, type UserResponseDto } from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasErrors, validateDto, type FieldErrors } from '../../../shared/forms/validateDto';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { usersApi } from '../api/users.api';

type Props = { user: UserResponseDto | null; onClose: () => void };

/** Mount it with a new `key` at each opening so the field starts empty. */
export function ResetPasswordDialog({ user, onClose }: Props) {
  const { t, i18n } = useTranslation('users');
  const [password, setPassword] = useState('');
  // A temporary password the user replaces at the next sign-in (issue 11); off unless ticked.
  const [mustChange, setMustChange] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const reset = useCrudMutation({
    mutationFn: (body: UserResetPasswordDto) => usersApi.resetPassword(user!.id, body),
    success: t('toast.passwordReset'),
    onDone: onClose,
  });

  const onSubmit = async () => {
    const body = { password, mustChangePassword: mustChange };
    const found = await validateDto(UserResetPasswordDto, body, i18n.language, () =>
      t('reset.newPassword'),
    );
    setErrors(found);
    if (!hasErrors(found)) reset.mutate(body as UserResetPasswordDto);
  };

  return (
    <FormDialog
      open={user !== null}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={reset.isPending}
      maxWidth="xs"
      title={t('reset.title', { name: user?.displayName || user?.username || '' })}
      cancelLabel={t('form.cancel')}
      submitLabel={t('reset.submit')}
      submitTestId="reset-submit"
    >
      <DialogContentText variant="body2" sx={{ mb: 2 }}>
        {t('reset.hint')}
      </DialogContentText>
      <TextField
        autoFocus
        required
        fullWidth
        size="small"
        type="password"
        autoComplete="new-password"
        label={t('reset.newPassword')}
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          setErrors({});
        }}
        error={Boolean(errors.password)}
        helperText={errors.password ?? t('hints.password')}
        slotProps={{ htmlInput: { 'data-testid': 'reset-password', dir: 'ltr' } }}
      />
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Checkbox
            checked={mustChange}
            onChange={(e) => setMustChange(e.target.checked)}
            slotProps={{ input: { 'data-testid': 'reset-must-change' } as never }}
          />
        }
        label={t('reset.mustChange')}
      />
    </FormDialog>
  );
}
