// The seam of the offline start (issue 32 item 7), in the shell: the key of the device's saved
// session profile and the lazy start from it. The profile code itself (./sessionCache.ts) loads
// only when the server cannot be reached, or with the till.

export const SESSION_CACHE_KEY = 'pos-session';

/** Forgets the saved profile (signed out: the device no longer starts offline as that user). */
export function forgetSavedSession(): void {
  try {
    localStorage.removeItem(SESSION_CACHE_KEY);
  } catch {
    // no storage
  }
}
