import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TwoFactorSetupDto } from '@pos/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeError } from '../../shared/api/handleError';
import { accountApi } from './api';

/**
 * Setting up two-step sign-in: the QR code and the secret for the authenticator app, a code to
 * confirm, then the 10 recovery codes (shown once). `onDone` when the user has noted them.
 */
export function TwoFactorSetup({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const [setup, setSetup] = useState<TwoFactorSetupDto | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    accountApi.setupTwoFactor().then(
      (s) => live && setSetup(s),
      (err) => live && setError(normalizeError(err).message),
    );
    return () => {
      live = false;
    };
  }, []);

  const onConfirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) return setError(t('twoFactor.codeFormat'));
    setBusy(true);
    setError(null);
    try {
      setCodes((await accountApi.enableTwoFactor(code)).recoveryCodes);
    } catch (err) {
      setError(normalizeError(err).message);
      setCode('');
    } finally {
      setBusy(false);
    }
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
    <Box
      component="form"
      noValidate
      onSubmit={onConfirm}
      sx={{ display: 'grid', gap: 2 }}
      data-testid="two-factor-setup"
    >
      {error && (
        <Alert severity="error" data-testid="two-factor-error">
          {error}
        </Alert>
      )}
      {!setup && !error && <LinearProgress />}
      {setup && (
        <>
          <Typography variant="body2">{t('twoFactor.scan')}</Typography>
          <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1 }}>
            <img src={setup.qrCode} alt={t('twoFactor.qrAlt')} width={200} height={200} />
            <Typography variant="caption" color="text.secondary">
              {t('twoFactor.manual')}
            </Typography>
            <Typography
              dir="ltr"
              sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
              data-testid="two-factor-secret"
            >
              {setup.secret}
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
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            data-testid="two-factor-confirm"
          >
            {t('twoFactor.confirm')}
          </Button>
        </>
      )}
    </Box>
  );
}
