import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../../../../shared/api/auth';
import { handleError } from '../../../../shared/api/handleError';
import { toAsciiDigits } from '../../../../shared/lib/money';
import { sessionState } from '../../../../shared/state';
import { toast } from '../../../../shared/ui/toast';
import {
  hashPin,
  isValidPin,
  MAX_TRIES,
  NO_LOCK,
  readLock,
  readPins,
  savePin,
  tryUnlock,
  waitLeft,
  writeLock,
} from './pin';

// The till's lock screen (issue 32 item 7): "Lock" covers the till until the cashier's PIN is
// typed; the PIN is set here while online and checked on the device (works offline). The lock
// survives a reload. Keys typed in its dialogs do not reach the till's shortcuts behind them.

const stopKeys = (e: KeyboardEvent) => e.stopPropagation();

/** The PIN field: digits only (Arabic-Indic digits typed become 0-9), hidden, numeric keypad. */
function PinField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  testId: string;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={props.label}
      type="password"
      value={props.value}
      onChange={(e) => props.onChange(toAsciiDigits(e.target.value).replace(/\D/g, '').slice(0, 8))}
      error={Boolean(props.error)}
      helperText={props.error || ' '}
      autoFocus={props.autoFocus}
      autoComplete="off"
      fullWidth
      slotProps={{
        // data-scan-input: a scanner's keys here stay here (app/BarcodeListener.tsx), never
        // reaching the till behind the lock.
        htmlInput: {
          inputMode: 'numeric',
          'data-testid': props.testId,
          'data-scan-input': '',
          dir: 'ltr',
        },
        formHelperText: { role: 'alert', 'data-testid': `${props.testId}-error` } as object,
      }}
    />
  );
}

function SetPinDialog({ onDone, onClose }: { onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation('pos');
  const user = useAtomValue(sessionState).user;
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<{ pin?: string; again?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    if (!isValidPin(pin)) return setError({ pin: t('lock.invalid') });
    if (pin !== again) return setError({ again: t('lock.mismatch') });
    setBusy(true);
    try {
      savePin(localStorage, user.id, await hashPin(pin, user.name || user.username));
      toast.success(t('lock.saved'), { product: true });
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth onKeyDown={stopKeys}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle>{t('lock.setPin')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('lock.setPinHint')}
          </Typography>
          <Stack sx={{ gap: 1 }}>
            <PinField
              label={t('lock.pin')}
              value={pin}
              onChange={setPin}
              error={error.pin}
              testId="pin-new"
              autoFocus
            />
            <PinField
              label={t('lock.confirmPin')}
              value={again}
              onChange={setAgain}
              error={error.again}
              testId="pin-confirm"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('lock.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="pin-save">
            {t('lock.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * A forgotten PIN (online only): signing out clears the lock; the password then signs in again
 * (and a new PIN can be set).
 */
function ForgotPin() {
  const { t } = useTranslation('pos');
  const session = useAtomValue(sessionState);
  const setSession = useSetAtom(sessionState);
  const navigate = useNavigate();
  if (session.offline) return null;
  const onClick = async () => {
    try {
      await signOut('/login');
      writeLock(localStorage, NO_LOCK);
      setSession({ status: 'unauthenticated', user: null });
      navigate('/login', { replace: true });
    } catch (err) {
      handleError(err, { toast: true, general: true });
    }
  };
  return (
    <Button size="small" onClick={() => void onClick()} sx={{ mt: 2 }} data-testid="pin-forgot">
      {t('lock.forgot')}
    </Button>
  );
}

/** The lock screen: over everything (the app bar too) until the PIN is right. */
function LockScreen({
  userId,
  name,
  onUnlock,
}: {
  userId: string;
  name: string;
  onUnlock: () => void;
}) {
  const { t } = useTranslation('pos');
  const [pin, setPin] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const wait = waitLeft(readLock(localStorage), now);
  // Counts the wait down (and lets the field be used again when it is over).
  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(wait, 1000));
    return () => window.clearTimeout(timer);
  }, [wait, now]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const result = await tryUnlock(localStorage, userId, pin, Date.now());
      setPin('');
      setNow(Date.now());
      if (result === 'ok') return onUnlock();
      if (result === 'none') return setError(t('lock.noPin'));
      const state = readLock(localStorage);
      if (result === 'wait' || waitLeft(state, Date.now()) > 0) return setError('');
      setError(t('lock.wrong', { left: MAX_TRIES - state.failures }));
    } finally {
      setBusy(false);
    }
  };
  const waitText = wait > 0 ? t('lock.wait', { seconds: Math.ceil(wait / 1000) }) : '';
  return (
    <Dialog
      open
      fullScreen
      onKeyDown={stopKeys}
      data-testid="lock-screen"
      aria-labelledby="till-lock-title"
    >
      <Box
        component="form"
        onSubmit={(e: FormEvent) => void submit(e)}
        noValidate
        sx={{ m: 'auto', p: 3, width: '100%', maxWidth: 360, textAlign: 'center' }}
      >
        <LockOutlined color="primary" sx={{ fontSize: 48 }} />
        <Typography id="till-lock-title" component="h2" variant="h5" sx={{ mb: 1 }}>
          {t('lock.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('lock.hint', { name })}
        </Typography>
        <PinField
          label={t('lock.pin')}
          value={pin}
          onChange={setPin}
          error={waitText || error}
          testId="pin-unlock"
          autoFocus
        />
        <Button
          type="submit"
          variant="contained"
          fullWidth
          disabled={busy || wait > 0 || pin.length < 4}
          data-testid="pin-unlock-submit"
        >
          {t('lock.unlock')}
        </Button>
        <ForgotPin />
      </Box>
    </Dialog>
  );
}

/** The till's "Lock" button, the PIN dialog and the lock screen. */
export function TillLock() {
  const { t } = useTranslation('pos');
  const session = useAtomValue(sessionState);
  const user = session.user;
  const [locked, setLocked] = useState(() => !!user && readLock(localStorage).locked === user.id);
  const [setting, setSetting] = useState(false);
  if (!user) return null;
  const lock = () => {
    writeLock(localStorage, { ...readLock(localStorage), locked: user.id });
    setLocked(true);
  };
  const onLock = () => {
    if (readPins(localStorage)[user.id]) return lock();
    // A PIN is set online only (the session is the server's, not the device's saved one).
    if (session.offline) return toast.error(t('lock.needsNetwork'), { product: true });
    setSetting(true);
  };
  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1, mb: 1 }}>
        {!session.offline && (
          <Button size="small" onClick={() => setSetting(true)} data-testid="till-pin-set">
            {t('lock.setPin')}
          </Button>
        )}
        <Button
          size="small"
          variant="outlined"
          startIcon={<LockOutlined />}
          onClick={onLock}
          data-testid="till-lock"
        >
          {t('lock.button')}
        </Button>
      </Stack>
      {setting && (
        <SetPinDialog
          onClose={() => setSetting(false)}
          onDone={() => {
            setSetting(false);
            lock();
          }}
        />
      )}
      {locked && (
        <LockScreen
          userId={user.id}
          name={user.name || user.username}
          onUnlock={() => {
            writeLock(localStorage, NO_LOCK);
            setLocked(false);
          }}
        />
      )}
    </>
  );
}
