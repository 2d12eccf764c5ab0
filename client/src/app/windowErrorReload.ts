import { RELOAD_STORAGE_KEY, shouldReloadForError } from '../shared/lib/windowErrors';

function lastReloadAt(): number | null {
  try {
    const raw = sessionStorage.getItem(RELOAD_STORAGE_KEY);
    return raw ? Number(raw) : null;
  } catch {
    return null;
  }
}

function onError(message: string | undefined): void {
  const now = Date.now();
  if (!shouldReloadForError(message, lastReloadAt(), now)) return;
  try {
    sessionStorage.setItem(RELOAD_STORAGE_KEY, String(now));
  } catch {
    // Without storage there is no loop guard: do not reload at all.
    return;
  }
  window.location.reload();
}

export function installWindowErrorReload(): void {
  window.addEventListener('error', (event) =>
    onError(event.message || (event.error as Error)?.message),
  );
  window.addEventListener('unhandledrejection', (event) =>
    onError((event.reason as Error)?.message ?? String(event.reason)),
  );
}
