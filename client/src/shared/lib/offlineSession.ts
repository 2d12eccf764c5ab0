// The seam of the offline start (issue 32 item 7), in the shell: the key of the device's saved
// session profile and the lazy start from it. The profile code itself (./sessionCache.ts) loads
// only when the server cannot be reached, or with the till.

export const SESSION_CACHE_KEY = 'pos-session';
/** The saved open shift of a user: `<prefix><userId>` (./shiftCache.ts). */
export const SHIFT_CACHE_PREFIX = 'pos-open-shift:';

type SavedUser = { user?: { id?: string } } | null;

/**
 * Forgets the saved profile and that user's saved open shift (signed out: the device no longer
 * starts offline as that user).
 */
export function forgetSavedSession(): void {
  try {
    const id = (JSON.parse(localStorage.getItem(SESSION_CACHE_KEY) ?? 'null') as SavedUser)?.user
      ?.id;
    if (id) localStorage.removeItem(SHIFT_CACHE_PREFIX + id);
    localStorage.removeItem(SESSION_CACHE_KEY);
  } catch {
    // no storage
  }
}
