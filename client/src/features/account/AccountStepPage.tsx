import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AccountStep } from '@pos/contracts';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../shared/api/auth';
import { handleError } from '../../shared/api/handleError';
import { sessionState } from '../../shared/state';
import { ChangePasswordForm } from './ChangePasswordForm';
import { TwoFactorSetup } from './TwoFactorSetup';

/**
 * Shown before anything else while the account has a step to take (issue 11): a generated
 * password to change, or two-step sign-in to set up when the store requires it of administrators.
 * The server refuses every other call until then.
 */
export default function AccountStepPage({
  step,
  onDone,
}: {
  step: AccountStep;
  onDone: () => void;
}) {
  const { t } = useTranslation('account');
  const setSession = useSetAtom(sessionState);
  const onSignOut = async () => {
    try {
      await signOut('/login');
      setSession({ status: 'unauthenticated', user: null });
    } catch (err) {
      handleError(err, { toast: true });
    }
  };
  const password = step === 'PASSWORD_CHANGE_REQUIRED';
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Paper
        variant="outlined"
        sx={{ width: 'min(440px, 100%)', p: 3, display: 'grid', gap: 2 }}
        data-testid="account-step"
      >
        <Typography variant="h3" component="h1">
          {password ? t('step.passwordTitle') : t('step.twoFactorTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {password ? t('step.passwordIntro') : t('step.twoFactorIntro')}
        </Typography>
        {password ? <ChangePasswordForm onDone={onDone} /> : <TwoFactorSetup onDone={onDone} />}
        <Button size="small" onClick={() => void onSignOut()}>
          {t('step.signOut')}
        </Button>
      </Paper>
    </Box>
  );
}
