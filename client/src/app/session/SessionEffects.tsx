import {
  type BranchResponseDto,
  type FeatureDto,
  type StoreInfoResponseDto,
  type StoreSettingsDto,
  hasPermission,
} from '@pos/contracts';
import i18n from 'i18next';
import { useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { fetchPublicConfig } from '../../shared/api/auth';
import { useRefreshSession } from '../../shared/api/useRefreshSession';
import { ApiClientError } from '../../shared/api/ApiClientError';
import { handleError } from '../../shared/api/handleError';
import { http } from '../../shared/api/http';
import { afterConfigFailure, type ConfigStatus } from '../../shared/lib/configLoad';
import { forgetSavedSession, SERVER_ANSWERED_EVENT } from '../../shared/lib/offlineSession';
import { setStoreTimeZone } from '../../shared/lib/format';
import { useLiveConnection, useLiveEvent, useLiveResync } from '../../shared/realtime';
import { toast } from '../../shared/ui/toast';
import {
  currentBranchState,
  featuresState,
  lowStockState,
  publicConfigState,
  publicConfigStatusState,
  sessionState,
  storeInfoState,
  storeSettingsState,
  type LowStockVariant,
  type SessionState,
} from '../../shared/state';

export const CONFIG_TOAST_KEY = 'config-failed';

/** Session refresh interval (spec §7 "at a configured interval"). */
export const SESSION_REFRESH_MS = 5 * 60 * 1000;
/** How often the configuration is asked for again while the session was started offline. */
export const CONFIG_OFFLINE_RETRY_MS = 30_000;

/**
 * The session transitions of spec §4. Mounted once at the root. `accountReady` is false while the
 * signed-in account has a step to take first (issue 11): nothing is loaded for it until then.
 */
export function SessionEffects({ accountReady = true }: { accountReady?: boolean }) {
  const [sessionAtom] = useAtom(sessionState);
  const session: SessionState =
    sessionAtom.status === 'authenticated' && !accountReady
      ? { status: 'loading', user: null }
      : sessionAtom;
  const setFeatures = useSetAtom(featuresState);
  const setStoreInfo = useSetAtom(storeInfoState);
  const setStoreSettings = useSetAtom(storeSettingsState);
  const setBranch = useSetAtom(currentBranchState);
  const setLowStock = useSetAtom(lowStockState);
  const setConfig = useSetAtom(publicConfigState);
  const setConfigStatus = useSetAtom(publicConfigStatusState);
  const refresh = useRefreshSession();
  const store = useStore();
  // Signed in and online, signed in from the device's saved profile (issue 32), or not signed in.
  const phase =
    session.status !== 'authenticated' ? session.status : session.offline ? 'offline' : 'online';
  const offline = phase === 'offline';
  const previousPhase = useRef(phase);
  const user = session.user;
  const config = useAtomValue(publicConfigState);

  // Initial load, refresh on window focus and on an interval.
  useEffect(() => {
    void refresh();
    const onFocus = () => void refresh();
    window.addEventListener('focus', onFocus);
    // The network is back: a session started offline is checked with the server at once.
    window.addEventListener('online', onFocus);
    // The server answered the till's outbox (it was down, the network was not): the same.
    const onAnswer = () => {
      if (store.get(sessionState).offline) void refresh();
    };
    window.addEventListener(SERVER_ANSWERED_EVENT, onAnswer);
    const timer = window.setInterval(() => void refresh(), SESSION_REFRESH_MS);
    return () => {
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('online', onFocus);
      window.removeEventListener(SERVER_ANSWERED_EVENT, onAnswer);
      window.clearInterval(timer);
    };
  }, [refresh, store]);

  // Public configuration: the guard waits for it (module-gated routes). A failure is retried with
  // back-off; the second one in a row is reported and lets the guard decide with what it knows.
  useEffect(() => {
    let live = true;
    let failures = 0;
    let status: ConfigStatus = 'loading';
    let retry: number | undefined;
    const attempt = () => {
      fetchPublicConfig()
        .then((config) => {
          if (!live) return;
          setConfig(config);
          status = 'loaded';
          setConfigStatus(status);
        })
        .catch((err: unknown) => {
          if (!live) return;
          // Started offline (the saved configuration stands, loaded): try again quietly.
          if (store.get(sessionState).offline || store.get(publicConfigStatusState) === 'loaded') {
            retry = window.setTimeout(attempt, CONFIG_OFFLINE_RETRY_MS);
            return;
          }
          failures += 1;
          const plan = afterConfigFailure(failures, status);
          status = plan.status;
          setConfigStatus(status);
          if (plan.report) {
            console.error('GET /api/config failed', err);
            toast.error(i18n.t('shell:config.failed'), { key: CONFIG_TOAST_KEY, general: true });
          }
          retry = window.setTimeout(attempt, plan.retryInMs);
        });
    };
    attempt();
    return () => {
      live = false;
      window.clearTimeout(retry);
    };
  }, [setConfig, setConfigStatus, store]);

  // Becoming authenticated online (or the server answering a session started offline): load
  // features and store info. Leaving: clear everything, the device's saved profile too.
  useEffect(() => {
    const prev = previousPhase.current;
    previousPhase.current = phase;
    if (phase === 'online' && prev !== 'online') {
      const load = <T,>(path: string, apply: (value: T) => void) =>
        http
          .get<T>(path)
          .then(apply)
          .catch((err) => handleError(err, { toast: true, general: true }));
      load<FeatureDto[]>('/Features', (list) =>
        setFeatures(Object.fromEntries(list.map((f) => [f.key, f.enabled]))),
      );
      load<StoreInfoResponseDto[]>('/StoreInfo', (list) => setStoreInfo(list[0] ?? null));
      load<StoreSettingsDto>('/StoreSettings', (settings) => {
        setStoreTimeZone(settings.timeZone);
        setStoreSettings(settings);
      });
    }
    const wasIn = prev === 'online' || prev === 'offline';
    if (!offline && phase !== 'online' && wasIn) {
      forgetSavedSession();
      setFeatures({});
      setStoreInfo(null);
      setBranch(null);
      setLowStock([]);
    }
  }, [phase, offline, setFeatures, setStoreInfo, setStoreSettings, setBranch, setLowStock]);

  // Current branch: (re)loaded when the user id or branchId changes.
  const userId = user?.id ?? null;
  const branchId = user?.branchId ?? null;
  useEffect(() => {
    // Started offline: the saved branch stands until the server answers.
    if (offline) return;
    if (!userId || !branchId) {
      setBranch(null);
      return;
    }
    let live = true;
    http
      .get<BranchResponseDto>(`/Branch/${encodeURIComponent(branchId)}`)
      .then((branch) => live && setBranch(branch))
      .catch((err) => live && handleError(err, { toast: true, general: true }));
    return () => {
      live = false;
    };
  }, [userId, branchId, offline, setBranch]);

  // The tab's live socket while signed in; a session the server ended is re-checked at once.
  useLiveConnection(session.status === 'authenticated' ? userId : null, () => void refresh());

  // Low-stock list: only when authenticated with can_see_near_end_products; else empty. The
  // endpoint arrives with the catalog issue: until then a 404 means "nothing near the end".
  // Reloaded whenever `stock.low` says a branch's list changed, and after a reconnect.
  const [lowStockVersion, setLowStockVersion] = useState(0);
  const reloadLowStock = () => setLowStockVersion((v) => v + 1);
  useLiveEvent('stock.low', reloadLowStock);
  useLiveResync(reloadLowStock);
  const canSeeLowStock =
    phase === 'online' && hasPermission(user, ['can_see_near_end_products'], [], config.modules);
  useEffect(() => {
    if (!canSeeLowStock) {
      setLowStock([]);
      return;
    }
    let live = true;
    http
      .get<LowStockVariant[]>('/variants/getNearStockEnd')
      .then((rows) => live && setLowStock(Array.isArray(rows) ? rows : []))
      .catch((err) => {
        if (!live) return;
        if (err instanceof ApiClientError && err.status === 404) setLowStock([]);
        else handleError(err);
      });
    return () => {
      live = false;
    };
  }, [canSeeLowStock, userId, setLowStock, lowStockVersion]);

  return null;
}
