import { atom } from 'jotai';
import { FOREVER, getCookie, setCookie } from '../lib/cookies';

export const SIDEBAR_COOKIE = 'sidebarCollapsed';

const sidebarBase = atom<boolean>(getCookie(SIDEBAR_COOKIE) !== 'false');

/** Sidebar collapsed flag: default true, persisted in a cookie (maxAge 2147483646 s). */
export const sidebarCollapsedState = atom(
  (get) => get(sidebarBase),
  (_get, set, next: boolean) => {
    set(sidebarBase, next);
    setCookie(SIDEBAR_COOKIE, String(next), FOREVER);
  },
);

/** Mobile navigation drawer and options menu (closed after each page load). */
export const mobileDrawerOpenState = atom(false);
export const optionsMenuOpenState = atom(false);
export const searchOpenState = atom(false);

/** Number of pending lazy loads / navigations (drives the top loading bar). */
export const pendingLoadsState = atom(0);

/** Counts shown as a badge on sidebar items, by route name (features set them, the sidebar reads them). */
export const navBadgesState = atom<Record<string, number>>({});

/** An error page shown in place of a route sets its own tab title (shell:error.*) here. */
export const documentTitleOverrideState = atom<string | null>(null);
