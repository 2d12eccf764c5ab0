import LockOutlined from '@mui/icons-material/LockOutlined';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRefreshSession } from '../../shared/api/useRefreshSession';
import { preloadAfterSignIn } from '../../shared/lib/signInPreload';
import { signIn } from '../../shared/api/auth';
import { normalizeError } from '../../shared/api/handleError';
import { publicConfigState } from '../../shared/state';

/**
 * `?error=` values of the auth error page (/login?error=…, spec §8), after the NextAuth names.
 * Any other value shows the generic message.
 */
const URL_ERRORS = [
  'Configuration',
  'AccessDenied',
  'Verification',
  'CredentialsSignin',
  'SessionRequired',
] as const;

function urlErrorKey(value: string | null): string | null {
  if (value === null || value === '') return null;
  return (URL_ERRORS as readonly string[]).includes(value)
    ? `urlErrors.${value}`
    : 'urlErrors.Default';
}

/**
 * A labelled outlined input, `login-<name>`: FormControl + OutlinedInput rather than TextField,
 * which also brings Select (and its menu) into the sign-in chunk.
 */
function LoginField({
  label,
  name,
  ...rest
}: OutlinedInputProps & { label: string; name: string }) {
  return (
    <FormControl fullWidth>
      <InputLabel htmlFor={`login-${name}`}>{label}</InputLabel>
      <OutlinedInput id={`login-${name}`} label={label} name={name} {...rest} />
    </FormControl>
  );
}

/** Sign-in (spec §7: credentials provider, form-encoded with the CSRF token). */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const appName = useAtomValue(publicConfigState).appName;
  const [params] = useSearchParams();
  const refreshSession = useRefreshSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Two-step sign-in: after the password, the 6-digit code from the app (or a recovery code).
  const [secondStep, setSecondStep] = useState(false);
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const urlError = urlErrorKey(params.get('error'));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) {
      setError(t('required'));
      return;
    }
    if (secondStep && !code.trim()) {
      setError(t('twoFactor.required'));
      return;
    }
    setBusy(true);
    setError(null);
    // The dashboard layout is a chunk of its own (not part of the /login first visit): fetch it
    // alongside the sign-in request so the next page shows at once.
    const layout = preloadAfterSignIn();
    try {
      const second = !secondStep
        ? {}
        : useRecovery
          ? { recoveryCode: code.trim() }
          : { code: code.trim() };
      await signIn(username.trim(), password, params.get('callbackUrl') ?? '/', second);
      await layout;
      // The guard sends the now signed-in user on to callbackUrl (or /).
      await refreshSession();
    } catch (err) {
      // 401 wrong credentials, 429 throttled: the server's own (localised) message.
      const normalised = normalizeError(err);
      if (normalised.code === 'TWO_FACTOR_REQUIRED') {
        // The password was right: ask for the code (no error shown yet).
        setSecondStep(true);
        setError(null);
      } else {
        setError(normalised.message || normalised.statusMessage);
      }
      if (normalised.code === 'TWO_FACTOR_INVALID') setCode('');
      setBusy(false);
    }
  };

  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={onSubmit}
      data-testid="login-form"
      sx={{ width: 'min(380px, 100%)', p: 3, display: 'grid', gap: 2 }}
    >
      <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1 }}>
        <Box
          sx={{
            width: 44,
            height: 44,
            borderRadius: '50%',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          <LockOutlined />
        </Box>
        <Typography variant="h3" component="h1">
          {appName}
        </Typography>
        <Typography color="text.secondary" variant="body2">
          {t('subtitle')}
        </Typography>
      </Box>
      {urlError && !error && (
        <Alert severity="error" data-testid="login-url-error">
          {t(urlError)}
        </Alert>
      )}
      {error && (
        <Alert severity="error" data-testid="login-error">
          {error}
        </Alert>
      )}
      <LoginField
        name="username"
        label={t('username')}
        autoComplete="username"
        autoFocus
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <LoginField
        name="password"
        label={t('password')}
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        endAdornment={
          <InputAdornment position="end">
            <IconButton
              aria-label={showPassword ? t('hidePassword') : t('showPassword')}
              onClick={() => setShowPassword((v) => !v)}
              edge="end"
            >
              {showPassword ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
            </IconButton>
          </InputAdornment>
        }
      />
      {secondStep && (
        <>
          <Typography variant="body2" data-testid="login-second-step">
            {useRecovery ? t('twoFactor.recoveryPrompt') : t('twoFactor.prompt')}
          </Typography>
          <LoginField
            label={useRecovery ? t('twoFactor.recoveryCode') : t('twoFactor.code')}
            name="code"
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={(e) =>
              setCode(useRecovery ? e.target.value : e.target.value.replace(/\D/g, '').slice(0, 6))
            }
            inputProps={
              useRecovery ? { dir: 'ltr' } : { inputMode: 'numeric', dir: 'ltr', maxLength: 6 }
            }
          />
          <Button
            size="small"
            onClick={() => {
              setUseRecovery((v) => !v);
              setCode('');
            }}
            data-testid="login-use-recovery"
          >
            {useRecovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
          </Button>
        </>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={busy}
        data-testid="login-submit"
      >
        {busy ? t('signingIn') : t('submit')}
      </Button>
    </Paper>
  );
}
