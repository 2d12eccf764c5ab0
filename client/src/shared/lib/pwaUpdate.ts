// A new build's service worker (the till's, features/pos/offline/pwa) waits until a safe moment
// to take over. Outside the till every navigation is one: the worker is told to skip waiting and
// the page navigated to reloads once under it. (The till applies it itself, only with an empty
// cart.) Plain DOM API: nothing of Workbox loads for it.

let applying = false;

/** Applies a waiting worker now (the page reloads once it controls it); false when none waits. */
export async function applyWaitingWorker(): Promise<boolean> {
  if (applying || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  const waiting = registration?.waiting;
  if (!waiting || !navigator.serviceWorker.controller) return false;
  applying = true;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  waiting.postMessage({ type: 'SKIP_WAITING' });
  return true;
}
