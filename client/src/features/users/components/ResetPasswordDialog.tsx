import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import { UserResetPasswordDto, type UserResponseDto } from '@pos/contracts';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../shared/forms/FormTextField';
import { useDtoForm } from '../../../shared/forms/useDtoForm';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { usersApi } from '../api/users.api';

type Props = { user: UserResponseDto | null; onClose: () => void };

/** Mount it with a new `key` at each opening so the field starts empty. */
export function ResetPasswordDialog({ user, onClose }: Props) {
  const { t } = useTranslation('users');
  // mustChangePassword: a temporary password the user replaces at the next sign-in (issue 11); off unless ticked.
  const form = useDtoForm<UserResetPasswordDto>({
    dto: UserResetPasswordDto,
    defaultValues: { password: '', mustChangePassword: false },
    label: () => t('reset.newPassword'),
  });

  const reset = useCrudMutation({
    mutationFn: (body: UserResetPasswordDto) => usersApi.resetPassword(user!.id, body),
    success: t('toast.passwordReset'),
    onDone: onClose,
  });

  return (
    <FormDialog
      open={user !== null}
      onClose={onClose}
      onSubmit={form.submit((body) => reset.mutate(body))}
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
      <FormTextField
        form={form}
        name="password"
        autoFocus
        required
        fullWidth
        type="password"
        autoComplete="new-password"
        label={t('reset.newPassword')}
        helperText={t('hints.password')}
        ltr
        testId="reset-password"
      />
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Controller
            name="mustChangePassword"
            control={form.control}
            render={({ field }) => (
              <Checkbox
                checked={Boolean(field.value)}
                onChange={(e) => field.onChange(e.target.checked)}
                slotProps={{ input: { 'data-testid': 'reset-must-change' } as never }}
              />
            )}
          />
        }
        label={t('reset.mustChange')}
      />
    </FormDialog>
  );
}
