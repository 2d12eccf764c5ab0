import { useSetAtom } from 'jotai';
import { startTransition, useCallback } from 'react';
import { sessionState, type SessionState } from '../state';
import { ApiClientError } from './ApiClientError';
import { fetchSession } from './auth';
import { handleError } from './handleError';

/** Re-read GET /api/auth/session into the session atom. */
export function useRefreshSession(): () => Promise<void> {
  const setSession = useSetAtom(sessionState);
  return useCallback(async () => {
    try {
      const session = await fetchSession();
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
      // A network blip keeps the current state; a first failure means signed out.
      setSession((prev) =>
        prev.status === 'loading' ? { status: 'unauthenticated', user: null } : prev,
      );
      if (!(err instanceof ApiClientError) || err.status !== 0) handleError(err);
    }
  }, [setSession]);
}
