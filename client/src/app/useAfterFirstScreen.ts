import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { pendingLoadsState } from '../shared/state';

/** At the latest this long after `active` turned on, the first screen counts as drawn (ms). */
export const FIRST_SCREEN_FALLBACK_MS = 5_000;
/** Where the browser has no requestIdleCallback (Safari): the wait after the screen settled (ms). */
const NO_IDLE_DELAY_MS = 200;

let reached = false;

/**
 * True once the first screen of a signed-in user is drawn: no page or layout is loading any more
 * (no Suspense fallback counted in `pendingLoadsState`) and the browser has been idle once after
 * that — or `FIRST_SCREEN_FALLBACK_MS` after `active`. It stays true for the life of the tab.
 * What the first screen does not show (the live socket, the transfer watcher) waits for it, so that on a slow phone it does not compete with the page's own
 * code, requests and first render (issue 20: mobile Lighthouse of /POS and /).
 */
export function useAfterFirstScreen(active: boolean): boolean {
  const pending = useAtomValue(pendingLoadsState);
  const [done, setDone] = useState(reached);
  const settled = active && pending === 0;

  useEffect(() => {
    if (done || !active) return;
    const finish = () => {
      reached = true;
      setDone(true);
    };
    const fallback = window.setTimeout(finish, FIRST_SCREEN_FALLBACK_MS);
    return () => window.clearTimeout(fallback);
  }, [active, done]);

  useEffect(() => {
    if (done || !settled) return;
    const finish = () => {
      reached = true;
      setDone(true);
    };
    // A fallback that mounts in this same commit cancels this (pending > 0 re-runs the effect).
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(finish, { timeout: 2_000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(finish, NO_IDLE_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [settled, done]);

  return done;
}
