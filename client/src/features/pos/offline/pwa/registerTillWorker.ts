/**
 * Registers the till's service worker (./worker.config.ts) and applies a new build's worker only
 * at a safe moment, never under a cashier mid-sale.
 *
 * Update strategy (no prompt):
 * - A new deploy's worker is found when the till registers (each page load), at every navigation
 *   the browser makes, when the network comes back and every hour; it installs (downloads the new
 *   build) in the background and waits.
 * - It takes over by itself once every tab of the app is closed (a browser or till restart: the
 *   next start runs the new code).
 * - Outside the till, the next navigation applies it (shared/lib/pwaUpdate.ts): the page navigated
 *   to reloads once.
 * - The till applies it (`applyTillUpdate`) when it opens with an empty cart, or after
 *   IDLE_UPDATE_MS without a key or tap with an empty cart and no payment open (./useTillOffline.ts):
 *   the worker is told to skip waiting and the page reloads once. A till whose new worker was
 *   applied from another tab reloads at its next such moment, not before.
 * So a till is never stranded on old code for longer than its next idle moment, restart or visit
 * to /POS with an empty cart, and the page is never reloaded in the middle of a sale (the cart is
 * in localStorage anyway).
 *
 * The registration code (virtual:pwa-register, workbox-window) is loaded only from here, by the
 * till's chunk, once the page is idle: nothing is added to the /login first visit.
 */

export const UPDATE_CHECK_MS = 60 * 60 * 1000;

type Update = (reloadPage?: boolean) => Promise<void>;

let started: Promise<void> | null = null;
let waiting = false;
let update: Update | null = null;
let applied = false;
let reloadPending = false;
let safeNow: () => boolean = () => false;

/** Tells when the till may reload (no sale in progress): the till's hook sets it. */
export function setTillSafeNow(check: () => boolean): void {
  safeNow = check;
}

/** Whether the new worker already controls the page and a reload waits for a safe moment. */
export function tillReloadPending(): boolean {
  return reloadPending;
}

const listeners = new Set<() => void>();

/** Whether a new build's worker is installed and waiting for a safe moment. */
export function tillUpdateWaiting(): boolean {
  return waiting;
}

/** Calls `listener` when a new build's worker starts waiting; returns the unsubscribe. */
export function onTillUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Resolves once the page has loaded and the browser is idle (at most a few seconds later): the
 * worker's first install downloads the whole build, which must not compete with the till's first
 * screen and its data.
 */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () =>
      'requestIdleCallback' in window
        ? window.requestIdleCallback(() => resolve(), { timeout: 3000 })
        : setTimeout(resolve, 1000);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

/** Registers the worker once per page (later calls return the first call's promise). */
export function registerTillWorker(): Promise<void> {
  if (started) return started;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    started = Promise.resolve();
    return started;
  }
  started = whenIdle()
    .then(() => import('virtual:pwa-register'))
    .then(({ registerSW }) => {
      update = registerSW({
        immediate: true,
        onNeedRefresh: () => {
          waiting = true;
          for (const listener of listeners) listener();
        },
        // The new worker controls the page: after `applyTillUpdate` (a safe moment) at once;
        // taken over from another tab (a back-office page applied it), at the till's next safe
        // moment (`reloadPending`), never under a sale in progress.
        onNeedReload: () => {
          if (applied || safeNow()) window.location.reload();
          else reloadPending = true;
        },
        onRegisteredSW: (_url, registration) => {
          if (!registration) return;
          const check = () => {
            if (navigator.onLine) registration.update().catch(() => undefined);
          };
          window.addEventListener('online', check);
          window.setInterval(check, UPDATE_CHECK_MS);
        },
        onRegisterError: (error: unknown) => console.warn('service worker registration', error),
      });
    })
    .catch((error: unknown) => console.warn('service worker registration', error));
  return started;
}

/**
 * Applies a waiting update now (the caller has decided the moment is safe: no sale in progress).
 * The page reloads once the new worker controls it (at once when it already does). False when
 * there is nothing to apply.
 */
export function applyTillUpdate(): boolean {
  if (reloadPending) {
    window.location.reload();
    return true;
  }
  if (!waiting || !update) return false;
  waiting = false;
  applied = true;
  void update(true);
  return true;
}
