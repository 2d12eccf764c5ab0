import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeError } from '../../shared/api/handleError';
import { SaveButton } from '../../shared/forms/SaveButton';
import { AccountForm } from './AccountForm';
import { accountApi } from './api';

/**
 * Setting up two-step sign-in: the QR code and the secret for the authenticator app, a code to
 * confirm, then the 10 recovery codes (shown once). `onDone` when the user has noted them.
 */
export function TwoFactorSetup({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  // A new secret at each opening (never cached, never fetched again meanwhile).
  const setup = useQuery({
    queryKey: ['account', 'two-factor-setup'],
    queryFn: accountApi.setupTwoFactor,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const enable = useMutation({
    mutationFn: () => accountApi.enableTwoFactor(code),
    onError: () => setCode(''),
  });
  const codes = enable.data?.recoveryCodes;
  const failed = setup.error ?? enable.error;
  const error = invalid ?? (failed && normalizeError(failed).message);

  const onConfirm = (e: FormEvent) => {
    e.preventDefault();
    const wrong = !/^\d{6}$/.test(code);
    setInvalid(wrong ? t('twoFactor.codeFormat') : null);
    if (!wrong) enable.mutate();
  };

  if (codes) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }} data-testid="two-factor-recovery">
        <Alert severity="success">{t('twoFactor.enabled')}</Alert>
        <Typography variant="body2">{t('twoFactor.recoveryIntro')}</Typography>
        <Box
          component="ul"
          dir="ltr"
          sx={{
            m: 0,
            p: 1.5,
            listStyle: 'none',
            display: 'grid',
            gridTemplateColumns: '1fr 1fr',
            gap: 0.5,
            fontFamily: 'monospace',
            bgcolor: 'action.hover',
            borderRadius: 1,
          }}
        >
          {codes.map((c) => (
            <li key={c} data-testid="recovery-code">
              {c}
            </li>
          ))}
        </Box>
        <Button variant="contained" onClick={onDone} data-testid="two-factor-done">
          {t('twoFactor.saved')}
        </Button>
      </Box>
    );
  }

  return (
    <AccountForm
      onSubmit={onConfirm}
      error={error}
      testId="two-factor-setup"
      errorTestId="two-factor-error"
    >
      {!setup.data && !error && <LinearProgress />}
      {setup.data && (
        <>
          <Typography variant="body2">{t('twoFactor.scan')}</Typography>
          <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1 }}>
            <img src={setup.data.qrCode} alt={t('twoFactor.qrAlt')} width={200} height={200} />
            <Typography variant="caption" color="text.secondary">
              {t('twoFactor.manual')}
            </Typography>
            <Typography
              dir="ltr"
              sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
              data-testid="two-factor-secret"
            >
              {setup.data.secret}
            </Typography>
          </Box>
          <TextField
            label={t('twoFactor.code')}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            autoComplete="one-time-code"
            slotProps={{
              htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': 'two-factor-code' },
            }}
          />
          <SaveButton icon={null} disabled={enable.isPending} testId="two-factor-confirm">
            {t('twoFactor.confirm')}
          </SaveButton>
        </>
      )}
    </AccountForm>
  );
}
