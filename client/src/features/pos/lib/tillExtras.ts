import { useEffect, useSyncExternalStore } from 'react';

// The till's dialogs and receipts (components/tillExtras.ts) are not part of its first screen, the
// open-shift panel or the empty cart: loading them with it made a cashier's phone fetch and run
// the receipts, decimal.js (amounts in words) and five dialogs before the till appeared. They are
// fetched once the first screen is up and the browser is idle, or at once when an action needs
// them (the first cart line, F7, a button); a dialog opened before they arrive shows when they do.
export type TillExtras = typeof import('../components/tillExtras');

let loaded: TillExtras | null = null;
let pending: Promise<TillExtras> | null = null;
const listeners = new Set<() => void>();

export function loadTillExtras(): Promise<TillExtras> {
  if (loaded) return Promise.resolve(loaded);
  pending ??= import('../components/tillExtras').then(
    (mod) => {
      loaded = mod;
      for (const listener of listeners) listener();
      return mod;
    },
    (error: unknown) => {
      pending = null; // a failed chunk load may succeed on the next try
      throw error;
    },
  );
  return pending;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The extras once loaded, else null; starts loading them when the browser is next idle. */
export function useTillExtras(): TillExtras | null {
  const extras = useSyncExternalStore(subscribe, () => loaded);
  useEffect(() => {
    if (loaded) return;
    const load = () => void loadTillExtras().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(load, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(load, 500);
    return () => window.clearTimeout(timer);
  }, []);
  return extras;
}
