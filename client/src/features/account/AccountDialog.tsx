import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeError } from '../../shared/api/handleError';
import { toast } from '../../shared/ui/toast';
import { accountApi } from './api';
import { ChangePasswordForm } from './ChangePasswordForm';
import { TwoFactorSetup } from './TwoFactorSetup';

export type AccountDialogView = 'password' | 'twoFactor';

/** From the user menu: change the password, or turn two-step sign-in on or off. */
export default function AccountDialog({
  view,
  onClose,
}: {
  view: AccountDialogView;
  onClose: () => void;
}) {
  const { t } = useTranslation('account');
  const account = useQuery({
    queryKey: ['account'],
    queryFn: accountApi.get,
    enabled: view === 'twoFactor',
    gcTime: 0,
    retry: false,
  });
  const [enrolling, setEnrolling] = useState(false);
  const [password, setPassword] = useState('');
  const disable = useMutation({
    mutationFn: () => accountApi.disableTwoFactor(password),
    onSuccess: () => {
      toast.success(t('twoFactor.disabled'));
      onClose();
    },
  });
  const failed = account.error ?? disable.error;
  const error = failed && normalizeError(failed).message;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="account-dialog">
      <DialogTitle>{view === 'password' ? t('password.title') : t('twoFactor.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {view === 'password' && (
          <ChangePasswordForm
            onDone={() => {
              toast.success(t('password.changed'));
              onClose();
            }}
          />
        )}
        {view === 'twoFactor' && (
          <>
            {error && <Alert severity="error">{error}</Alert>}
            {!account.data && !error && <LinearProgress />}
            {account.data && !account.data.twoFactor.enabled && !enrolling && (
              <Box sx={{ display: 'grid', gap: 2 }}>
                <Typography variant="body2">{t('twoFactor.offIntro')}</Typography>
                <Button
                  variant="contained"
                  onClick={() => setEnrolling(true)}
                  data-testid="two-factor-start"
                >
                  {t('twoFactor.start')}
                </Button>
              </Box>
            )}
            {enrolling && <TwoFactorSetup onDone={onClose} />}
            {account.data?.twoFactor.enabled && (
              <Box sx={{ display: 'grid', gap: 2 }}>
                <Alert severity="success">
                  {t('twoFactor.onIntro', { count: account.data.twoFactor.recoveryCodesLeft })}
                </Alert>
                {account.data.twoFactor.required && (
                  <Alert severity="info">{t('twoFactor.requiredNote')}</Alert>
                )}
                <TextField
                  label={t('twoFactor.passwordToDisable')}
                  type="password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  slotProps={{ htmlInput: { 'data-testid': 'two-factor-disable-password' } }}
                />
                <Button
                  color="error"
                  variant="outlined"
                  onClick={() => disable.mutate()}
                  disabled={!password}
                  data-testid="two-factor-disable"
                >
                  {t('twoFactor.disable')}
                </Button>
              </Box>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
