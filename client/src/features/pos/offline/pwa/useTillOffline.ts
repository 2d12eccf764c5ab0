import { useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import { profileOf, saveProfile } from '../../../../shared/lib/sessionCache';
import { rememberProfile } from '../lock/tillGrants';
import {
  currentBranchState,
  featuresState,
  publicConfigState,
  publicConfigStatusState,
  sessionState,
  storeInfoState,
  storeSettingsState,
} from '../../../../shared/state';
import { cartEmptyAtom, payAtom } from '../../state/cartStore';
import {
  applyTillUpdate,
  onTillUpdate,
  registerTillWorker,
  setTillSafeNow,
  tillReloadPending,
  tillUpdateWaiting,
} from './registerTillWorker';

/** Idle this long (no key or tap) with an empty cart: a waiting update is applied (one reload). */
export const IDLE_UPDATE_MS = 2 * 60 * 1000;
const IDLE_CHECK_MS = 15_000;

/**
 * The till's offline start (issue 32 items 1 and 7): registers the service worker, keeps the
 * signed-in user's session profile on the device at each online visit (shared/lib/sessionCache.ts)
 * and applies a new build only at a safe moment (./registerTillWorker.ts): when the till opens or
 * has been idle for IDLE_UPDATE_MS, with an empty cart and no payment open.
 */
export function useTillOffline(): void {
  const store = useStore();
  const session = useAtomValue(sessionState);
  const configStatus = useAtomValue(publicConfigStatusState);
  const config = useAtomValue(publicConfigState);
  const branch = useAtomValue(currentBranchState);
  const features = useAtomValue(featuresState);
  const storeInfo = useAtomValue(storeInfoState);
  const settings = useAtomValue(storeSettingsState);

  // The profile as the server gave it, saved again whenever a part of it changes; kept too among
  // the till's cached cashiers, with the server's grant of this cashier for this till (a day old at
  // most), so any of them can take the till over offline from the lock screen (issue 32 item 7).
  useEffect(() => {
    const profile = profileOf(store);
    if (!profile) return;
    saveProfile(localStorage, profile);
    rememberProfile(localStorage, profile);
    void import('../outbox/engine')
      .then((engine) => engine.ensureGrant(profile.user.id))
      .catch(() => undefined);
  }, [store, session, configStatus, config, branch, features, storeInfo, settings]);

  useEffect(() => {
    const opened = Date.now();
    let lastActivity = opened;
    const idleSale = () => store.get(cartEmptyAtom) && !store.get(payAtom).open;
    const onActivity = () => {
      lastActivity = Date.now();
    };
    // Idle: no line in the cart, no payment open, no key or tap for IDLE_UPDATE_MS.
    setTillSafeNow(() => idleSale() && Date.now() - lastActivity >= IDLE_UPDATE_MS);
    // Opening the till is a safe moment: nothing has been rung on this page yet.
    if ((tillUpdateWaiting() || tillReloadPending()) && idleSale()) applyTillUpdate();
    void registerTillWorker();
    let timer: number | undefined;
    const watchIdle = () => {
      window.clearInterval(timer);
      timer = window.setInterval(() => {
        if (Date.now() - lastActivity >= IDLE_UPDATE_MS && idleSale()) applyTillUpdate();
      }, IDLE_CHECK_MS);
    };
    if (tillUpdateWaiting() || tillReloadPending()) watchIdle();
    // Found while the till opens (the worker was already waiting), before any key or tap: now.
    const stop = onTillUpdate(() => {
      if (lastActivity === opened && idleSale()) applyTillUpdate();
      else watchIdle();
    });
    window.addEventListener('keydown', onActivity, true);
    window.addEventListener('pointerdown', onActivity, true);
    return () => {
      stop();
      setTillSafeNow(() => false);
      window.clearInterval(timer);
      window.removeEventListener('keydown', onActivity, true);
      window.removeEventListener('pointerdown', onActivity, true);
    };
  }, [store]);
}
