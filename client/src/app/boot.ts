import { pages } from '../features';
import { requestSessionEarly } from '../shared/api/auth';
import { requestEarly } from '../shared/api/http';
import type { PreloadablePage } from '../shared/lib/lazyPage';
import { findRoute } from '../shared/lib/routeMatch';
import { loadDashboardLayout } from './layout/loadDashboardLayout';

/**
 * What the first screen waits for, started before the rest of the bundle is evaluated (main.tsx
 * imports this module first): the session and the public configuration, the dashboard layout's
 * code (every address but /login), the code of the page opened and its first data (pages made
 * with lazyPage: `early`).
 * Before, these started only once React had drawn its first (empty) frame, after the whole bundle
 * had run: on a slow phone (Lighthouse mobile, 4× CPU) a second and more in which the network
 * stood idle. What runs when does not change (the guard, the session effects, the page's data):
 * the answers are there sooner (shared/api/http.ts `requestEarly`). The session's answer is handed
 * over once the layout's and the page's code are there too, as before: the guard then draws the
 * layout and the page in one go, not the layout first and the page (suspended on its code) later.
 */
export function bootEarly(pathname: string): void {
  if (pathname === '/login') {
    requestSessionEarly();
    return;
  }
  const route = findRoute(pathname);
  const page = route ? (pages[route.name] as Partial<PreloadablePage> | undefined) : undefined;
  const firstScreen = Promise.all([loadDashboardLayout(), page?.load?.()]).catch(() => undefined);
  requestSessionEarly(firstScreen);
  // A visitor who is signed out gets a 401 here that nothing takes (the guard sends them to
  // /login); signing in drops it (shared/api/http.ts `resetCsrfToken`).
  for (const path of page?.early ?? []) requestEarly(path);
}

bootEarly(window.location.pathname);
