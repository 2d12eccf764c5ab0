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
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../../../../shared/api/auth';
import { handleError } from '../../../../shared/api/handleError';
import { toAsciiDigits } from '../../../../shared/lib/money';
import { saveProfile, startOffline } from '../../../../shared/lib/sessionCache';
import { forgetShift } from '../../../../shared/lib/shiftCache';
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
import { forgetTillUser, switchCandidates, type SwitchCandidate } from './tillUsers';
import { currentShiftQuery } from '../../hooks/useCurrentShift';

// The till's lock screen (issue 32 item 7): "Lock" covers the till until the cashier's PIN is
// typed; the PIN is set here while online and checked on the device (works offline). The lock
// survives a reload. Offline, another cashier cached on this till (./tillUsers.ts) takes it over
// with their own PIN; their sales then carry their grant (docs/decisions/0078). Keys typed in its dialogs do not reach the till's shortcuts behind them.

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

/** Whether the till cannot reach the server now (a switch to another cached cashier is offline only). */
const tillOffline = (offline: boolean | undefined) =>
  Boolean(offline) || (typeof navigator !== 'undefined' && navigator.onLine === false);

/** No answer from the server within a few seconds (no network, or a proxy whose server is down). */
async function serverAway(): Promise<boolean> {
  try {
    const res = await fetch('/api/health', {
      cache: 'no-store',
      signal: AbortSignal.timeout(4000),
    });
    return [502, 503, 504].includes(res.status);
  } catch {
    return true;
  }
}

/**
 * Whether the till is offline for the user switch: the app started offline, the browser says so,
 * or the server does not answer (asked when the lock screen opens and when the network changes).
 */
function useTillAway(startedOffline: boolean | undefined): boolean {
  const [away, setAway] = useState(() => tillOffline(startedOffline));
  useEffect(() => {
    let gone = false;
    const check = () => {
      if (tillOffline(startedOffline)) return setAway(true);
      void serverAway().then((value) => !gone && setAway(value));
    };
    check();
    window.addEventListener('online', check);
    window.addEventListener('offline', check);
    return () => {
      gone = true;
      window.removeEventListener('online', check);
      window.removeEventListener('offline', check);
    };
  }, [startedOffline]);
  return away;
}

/**
 * The till's other cashiers on the lock screen (issue 32 item 7): each one cached on this till,
 * to take it over offline with their own PIN (or why not), and to remove from the till.
 */
function CashierList({
  current,
  candidates,
  online,
  onPick,
  onRemove,
}: {
  current: string;
  candidates: SwitchCandidate[];
  online: boolean;
  onPick: (candidate: SwitchCandidate) => void;
  onRemove: (candidate: SwitchCandidate) => void;
}) {
  const { t } = useTranslation('pos');
  const others = candidates.filter((c) => c.userId !== current);
  if (others.length === 0) return null;
  return (
    <Box sx={{ mt: 3, textAlign: 'start' }} data-testid="lock-cashiers">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('lock.otherCashiers')}
      </Typography>
      <Stack sx={{ gap: 1 }}>
        {others.map((c) => {
          const block = online ? 'online' : c.block;
          return (
            <Stack
              key={c.userId}
              direction="row"
              sx={{ alignItems: 'center', gap: 1 }}
              data-testid="lock-cashier"
              data-user={c.userId}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Button
                  variant="outlined"
                  fullWidth
                  disabled={block !== null}
                  onClick={() => onPick(c)}
                  data-testid="lock-switch"
                >
                  {c.name}
                </Button>
                {block && (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    data-testid="lock-switch-block"
                  >
                    {t(`lock.block.${block}`)}
                  </Typography>
                )}
              </Box>
              <Button
                size="small"
                color="inherit"
                onClick={() => onRemove(c)}
                aria-label={t('lock.remove', { name: c.name })}
                data-testid="lock-remove"
              >
                {t('lock.removeShort')}
              </Button>
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}

/**
 * The lock screen: over everything (the app bar too) until a PIN is right: the locked cashier's,
 * or, offline, another cashier's cached on this till, who then takes the till over.
 */
function LockScreen({
  userId,
  name,
  onUnlock,
  onSwitch,
}: {
  userId: string;
  name: string;
  onUnlock: () => void;
  onSwitch: (candidate: SwitchCandidate) => void;
}) {
  const { t } = useTranslation('pos');
  const session = useAtomValue(sessionState);
  const [pin, setPin] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const [target, setTarget] = useState<SwitchCandidate | null>(null);
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [, setListVersion] = useState(0);
  const away = useTillAway(session.offline);
  const online = !away;
  useEffect(() => {
    let gone = false;
    void import('../outbox/engine')
      .then((engine) => engine.tillId())
      .then((id) => !gone && setDeviceId(id))
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, []);
  // Read at each render (a small localStorage entry): a removal shows at once.
  const candidates = switchCandidates(localStorage, deviceId);
  const wait = waitLeft(readLock(localStorage), now);
  // Counts the wait down (and lets the field be used again when it is over).
  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(wait, 1000));
    return () => window.clearTimeout(timer);
  }, [wait, now]);
  const pick = (candidate: SwitchCandidate | null) => {
    setTarget(candidate);
    setPin('');
    setError('');
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      // A switch is checked again at the PIN: still cached, usable, and the till still offline.
      const switching = target
        ? switchCandidates(localStorage, deviceId).find((c) => c.userId === target.userId)
        : null;
      if (target && (!switching || switching.block || !(away || (await serverAway())))) {
        setPin('');
        return setError(t('lock.switchRefused'));
      }
      const result = await tryUnlock(localStorage, target?.userId ?? userId, pin, Date.now());
      setPin('');
      setNow(Date.now());
      if (result === 'ok') return switching ? onSwitch(switching) : onUnlock();
      if (result === 'none') return setError(t('lock.noPin'));
      const state = readLock(localStorage);
      if (result === 'wait' || waitLeft(state, Date.now()) > 0) return setError('');
      setError(t('lock.wrong', { left: MAX_TRIES - state.failures }));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (candidate: SwitchCandidate) => {
    try {
      const engine = await import('../outbox/engine');
      // Their sales still waiting keep the till's cache of them until they are sent.
      if (await engine.hasQueuedSalesOf(candidate.userId))
        return toast.error(t('lock.removeWaiting', { name: candidate.name }), { product: true });
      forgetTillUser(localStorage, candidate.userId);
      forgetShift(localStorage, candidate.userId);
      if (target?.userId === candidate.userId) pick(null);
      setListVersion((v) => v + 1);
      toast.success(t('lock.removed', { name: candidate.name }), { product: true });
    } catch (err) {
      handleError(err, { toast: true, general: true });
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
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="lock-hint">
          {target ? t('lock.switchHint', { name: target.name }) : t('lock.hint', { name })}
        </Typography>
        <PinField
          key={target?.userId ?? userId}
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
          {target ? t('lock.switch') : t('lock.unlock')}
        </Button>
        {target && (
          <Button size="small" onClick={() => pick(null)} sx={{ mt: 1 }} data-testid="lock-back">
            {t('lock.back', { name })}
          </Button>
        )}
        <CashierList
          current={target?.userId ?? userId}
          candidates={candidates.filter((c) => c.userId !== userId || target !== null)}
          online={online}
          onPick={(c) => pick(c.userId === userId ? null : c)}
          onRemove={(c) => void remove(c)}
        />
        <ForgotPin />
      </Box>
    </Dialog>
  );
}

/** The cashier who took the till over offline (until the server answers again). */
const SWITCHED_KEY = 'pos-till-switched';

/** Online with another user's session than the cashier who took the till over offline. */
const switchedAway = (session: { user: { id: string } | null; offline?: boolean }) => {
  if (session.offline || !session.user) return false;
  const switched = localStorage.getItem(SWITCHED_KEY);
  return switched !== null && switched !== session.user.id;
};

/** The till's "Lock" button, the PIN dialog and the lock screen. */
export function TillLock() {
  const { t } = useTranslation('pos');
  const store = useStore();
  const queryClient = useQueryClient();
  const session = useAtomValue(sessionState);
  const user = session.user;
  // Locked is the device's lock state (a reload keeps it), read at each render; `redraw` after a change.
  const [, redraw] = useState(0);
  const locked = !!user && (readLock(localStorage).locked === user.id || switchedAway(session));
  const setLocked = (id: string | null) => {
    writeLock(localStorage, id ? { ...readLock(localStorage), locked: id } : NO_LOCK);
    redraw((n) => n + 1);
  };
  const [setting, setSetting] = useState(false);
  const lock = () => setLocked(user?.id ?? null);
  // Another user at the till: their open shift is read anew. The server back (in this page or at
  // a reload) with another user's session than the one who took the till over offline: the till
  // is locked for the session's user (the person at the counter types that PIN, or signs in).
  const previous = useRef(session.user?.id);
  useEffect(() => {
    if (previous.current && session.user && previous.current !== session.user.id)
      void queryClient.resetQueries({ queryKey: currentShiftQuery.queryKey });
    previous.current = session.user?.id;
    if (switchedAway(session) && session.user)
      writeLock(localStorage, { ...readLock(localStorage), locked: session.user.id });
    if (!session.offline) localStorage.removeItem(SWITCHED_KEY);
  }, [session, queryClient]);
  if (!user) return null;
  const onLock = () => {
    if (readPins(localStorage)[user.id]) return lock();
    // A PIN is set online only (the session is the server's, not the device's saved one).
    if (session.offline) return toast.error(t('lock.needsNetwork'), { product: true });
    setSetting(true);
  };
  /** Another cashier cached on this till takes it over offline (their PIN was right). */
  const switchTo = (candidate: SwitchCandidate) => {
    if (!candidate.profile) return;
    localStorage.setItem(SWITCHED_KEY, candidate.userId);
    // A reload starts as them too (offline, from the saved profile).
    saveProfile(localStorage, candidate.profile);
    startOffline(store, candidate.profile);
    setLocked(null);
    toast.success(t('lock.switched', { name: candidate.name }), { product: true });
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
          key={user.id}
          userId={user.id}
          name={user.name || user.username}
          onUnlock={() => setLocked(null)}
          onSwitch={switchTo}
        />
      )}
    </>
  );
}
