import { useSyncExternalStore } from 'react';

// What a screen does not show (the store's details, feature flags, the branch, the live socket,
// the transfer watcher) starts once the browser has painted the first content of the page, not in
// the same task as the render that draws it: on a slow phone those requests and the socket's code
// otherwise go out, and are run, before the first screen is on the glass. Within the app (after
// sign-in, or any later navigation) the first paint is long past and nothing waits.

/** A hidden tab paints nothing: past this the work starts anyway. */
export const FIRST_PAINT_TIMEOUT_MS = 3000;

let painted = false;
const listeners = new Set<() => void>();

function markPainted(): void {
  if (painted) return;
  painted = true;
  for (const listener of listeners) listener();
  listeners.clear();
}

function watchFirstPaint(): void {
  const supported =
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  if (!supported) {
    painted = true;
    return;
  }
  if (performance.getEntriesByName('first-contentful-paint').length > 0) {
    painted = true;
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    markPainted();
  });
  observer.observe({ type: 'paint', buffered: true });
  window.setTimeout(() => {
    observer.disconnect();
    markPainted();
  }, FIRST_PAINT_TIMEOUT_MS);
}

if (typeof window !== 'undefined') watchFirstPaint();

function subscribe(listener: () => void): () => void {
  if (painted) return () => undefined;
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once the page's first content has been painted (at once after that). */
export function useFirstPaint(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => painted,
    () => false,
  );
}
