import CloudOff from '@mui/icons-material/CloudOffOutlined';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import { routePath } from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { sessionState } from '../../shared/state';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/**
 * Offline: the browser has no network, or the session was started from the device's saved profile
 * because the server could not be reached (issue 32 item 7).
 */
export function useOffline(): boolean {
  const startedOffline = useAtomValue(sessionState).offline === true;
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  return startedOffline || !online;
}

/**
 * The app bar's "offline" chip (shown only while offline). Its texts are the till's (namespace
 * `pos`, loaded with the till and precached by its service worker): none of it is in the shell.
 */
export function OfflineIndicator() {
  if (!useOffline()) return null;
  return (
    <Suspense fallback={null}>
      <OfflineChip />
    </Suspense>
  );
}

function OfflineChip() {
  const { t } = useTranslation('pos');
  return (
    <Chip
      role="status"
      data-testid="offline-indicator"
      icon={<CloudOff fontSize="small" />}
      label={t('offline.badge')}
      title={t('offline.hint')}
      color="warning"
      size="small"
      variant="outlined"
    />
  );
}

/** A page other than the till, opened in a session started offline: it needs the server. */
export function NeedsNetwork() {
  const { t } = useTranslation('pos');
  return (
    <Alert severity="warning" data-testid="needs-network" sx={{ maxWidth: 640 }}>
      {t('offline.needsNetwork')}{' '}
      <RouterLink to={routePath('POS')}>{t('offline.openTill')}</RouterLink>
    </Alert>
  );
}
