// The seam of the offline start (issue 32 item 7), in the shell: the key of the device's saved
// session profile and the lazy start from it. The profile code itself (./sessionCache.ts) loads
// only when the server cannot be reached, or with the till.

export const SESSION_CACHE_KEY = 'pos-session';
/** The cashiers cached on the till, by user id (features/pos/offline/lock/tillUsers.ts). */
export const TILL_USERS_KEY = 'pos-till-users';
/** The saved open shift of a user: `<prefix><userId>` (./shiftCache.ts). */
export const SHIFT_CACHE_PREFIX = 'pos-open-shift:';

type SavedUser = { user?: { id?: string } } | null;

/**
 * Forgets the saved profile and that user's saved open shift (signed out: the device no longer
 * starts offline as that user).
 */
export function forgetSavedSession(): void {
  try {
    const id = savedUserId();
    if (id) localStorage.removeItem(SHIFT_CACHE_PREFIX + id);
    localStorage.removeItem(SESSION_CACHE_KEY);
  } catch {
    // no storage
  }
}

const savedUserId = () =>
  (JSON.parse(localStorage.getItem(SESSION_CACHE_KEY) ?? 'null') as SavedUser)?.user?.id;

/**
 * The signed-in user signs out: the till also forgets them as one of its cached cashiers (no
 * offline switch to them until they sign in here again). Their sales still queued keep their
 * grant in their own rows. A session that merely ended (another cashier signed in) keeps them.
 */
export function forgetCachedCashier(): void {
  try {
    const id = savedUserId();
    const users = JSON.parse(localStorage.getItem(TILL_USERS_KEY) ?? 'null') as Record<
      string,
      unknown
    > | null;
    if (id && users && typeof users === 'object' && id in users) {
      delete users[id];
      localStorage.setItem(TILL_USERS_KEY, JSON.stringify(users));
    }
  } catch {
    // no storage
  }
}

/** The window event: the server answered the till's outbox (`serverAnswered`). */
export const SERVER_ANSWERED_EVENT = 'pos:server-answered';

/**
 * The server answered a request the till's outbox sent: a session started from the saved profile
 * because the server could not be reached is checked with it at once (SessionEffects), instead of
 * at the next focus or five-minute refresh, so the "offline" chip goes with the queue.
 */
export function serverAnswered(): void {
  // (no window: the outbox's code run outside a page, as in its unit tests)
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SERVER_ANSWERED_EVENT));
}
