import { useSetAtom, useStore } from 'jotai';
import { startTransition, useCallback } from 'react';
import { forgetSavedSession } from '../lib/offlineSession';
import { sessionState, type SessionState } from '../state';
import { ApiClientError } from './ApiClientError';
import { fetchSession } from './auth';
import { handleError } from './handleError';

/** No answer from the server (no network, or a proxy whose server is down): not a sign-out. */
const unreachable = (err: unknown) =>
  err instanceof ApiClientError && [0, 502, 503, 504].includes(err.status);

/**
 * Re-read GET /api/auth/session into the session atom. When the app starts and the server cannot
 * be reached, it starts with the device's saved profile instead (shared/lib/sessionCache.ts,
 * loaded only then), if there is one; a refusal (401, or no session) still signs out.
 */
export function useRefreshSession(): () => Promise<void> {
  const setSession = useSetAtom(sessionState);
  const store = useStore();
  return useCallback(async () => {
    try {
      const session = await fetchSession();
      // The server says no one is signed in: the device no longer starts offline as anyone.
      if (!session) forgetSavedSession();
      // A transition: the first screen this draws (layout and page) renders in slices, not in
      // one long task.
      startTransition(() =>
        setSession((prev): SessionState => {
          const next: SessionState = session
            ? {
                status: 'authenticated',
                user: session.user,
                expires: session.expires,
                step: session.step,
              }
            : { status: 'unauthenticated', user: null };
          // Keep the same object when nothing changed so dependants do not re-run.
          return JSON.stringify(prev) === JSON.stringify(next) ? prev : next;
        }),
      );
    } catch (err) {
      if (unreachable(err) && store.get(sessionState).status === 'loading') {
        const started = await import('../lib/sessionCache')
          .then((m) => m.bootFromCache(store, localStorage))
          .catch(() => false);
        if (started) return;
      }
      if (err instanceof ApiClientError && err.status === 401) forgetSavedSession();
      // A network blip keeps the current state; a first failure means signed out.
      setSession((prev) =>
        prev.status === 'loading' ? { status: 'unauthenticated', user: null } : prev,
      );
      if (!unreachable(err)) handleError(err);
    }
  }, [setSession, store]);
}
