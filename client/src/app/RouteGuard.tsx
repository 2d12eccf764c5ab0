import {
  decideRoute,
  isSafeCallbackPath,
  NAV_SECTIONS,
  type GuardDecision,
  type RouteDef,
} from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useBlocker, useLocation } from 'react-router';
import { findRoute } from '../shared/lib/routeMatch';
import { guardReady } from '../shared/lib/configLoad';
import { enabledModulesState, publicConfigStatusState, sessionState } from '../shared/state';
import { toast } from '../shared/ui/toast';

export const LOGIN_TOAST_KEY = 'guard-login';
export const FORBIDDEN_TOAST_KEY = 'guard-forbidden';

function useDecide(): (route: RouteDef | undefined) => GuardDecision {
  const session = useAtomValue(sessionState);
  const modules = useAtomValue(enabledModulesState);
  return (route) => decideRoute(route, session.user, NAV_SECTIONS, modules);
}

/**
 * The route guard (spec §5, §8). Client-side navigations to a forbidden page are blocked before
 * they happen (the user stays where they were); a forbidden page opened directly (address bar,
 * reload) has nowhere to stay, so it goes home. Guests are sent to /login.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const session = useAtomValue(sessionState);
  const configStatus = useAtomValue(publicConfigStatusState);
  const decide = useDecide();
  // Decide once the session and, for a signed-in user, the enabled modules are known: a reload
  // on a module-gated page (/E-invoices) must not be refused for modules that are still loading.
  const ready = guardReady(session.status, configStatus);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      ready &&
      currentLocation.pathname !== nextLocation.pathname &&
      decide(findRoute(nextLocation.pathname)).kind === 'forbidden',
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    toast.error(t('guard.forbidden'), { key: FORBIDDEN_TOAST_KEY, general: true });
    blocker.reset();
  }, [blocker, t]);

  const route = findRoute(location.pathname);
  const decision = ready ? decide(route) : null;

  const toasted = useRef<string | null>(null);
  useEffect(() => {
    if (!decision) return;
    const mark = `${decision.kind}:${location.pathname}`;
    if (toasted.current === mark) return;
    toasted.current = mark;
    if (decision.kind === 'login')
      toast.error(t('guard.login'), { key: LOGIN_TOAST_KEY, general: true });
    if (decision.kind === 'forbidden')
      toast.error(t('guard.forbidden'), { key: FORBIDDEN_TOAST_KEY, general: true });
  }, [decision, location.pathname, t]);

  if (!decision) return null;
  switch (decision.kind) {
    case 'allow':
      return <>{children}</>;
    case 'login': {
      const back = location.pathname + location.search;
      const search = back && back !== '/' ? `?callbackUrl=${encodeURIComponent(back)}` : '';
      return <Navigate to={`/login${search}`} replace />;
    }
    case 'home':
      return <Navigate to={safeCallback(location.search)} replace />;
    case 'forbidden':
      return <Navigate to="/" replace />;
  }
}

/** After sign-in the login page is left for its `callbackUrl` when that is a local path. */
function safeCallback(search: string): string {
  const target = new URLSearchParams(search).get('callbackUrl');
  return isSafeCallbackPath(target) && !target.startsWith('/login') ? target : '/';
}
