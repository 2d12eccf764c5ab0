import { parseProfile, type SessionProfile } from '../../../../shared/lib/sessionCache';
import { TILL_USERS_KEY } from '../../../../shared/lib/offlineSession';
import { PIN_KEY, readPins } from './pin';
import { grantFor, readAll } from './tillGrants';

// The lock screen's view of the cashiers cached on this till (./tillGrants.ts keeps them): who may
// take the till over offline, and forgetting one (issue 32 item 7, docs/decisions/0078).

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The device forgets the cashier: their profile, grant, PIN (their queued sales keep their own grant). */
export function forgetTillUser(storage: KeyValueStorage, userId: string): void {
  const { [userId]: _gone, ...rest } = readAll(storage);
  try {
    storage.setItem(TILL_USERS_KEY, JSON.stringify(rest));
    const { [userId]: _pin, ...pins } = readPins(storage);
    storage.setItem(PIN_KEY, JSON.stringify(pins));
  } catch {
    // nothing to forget
  }
}

/** Why a cached cashier cannot take the till over offline now, or null when they can. */
export type SwitchBlock = 'noPin' | 'stale' | 'noGrant';

export type SwitchCandidate = {
  userId: string;
  name: string;
  profile: SessionProfile | null;
  block: SwitchBlock | null;
};

/**
 * The cashiers cached on this till, each with what keeps them from taking it over offline (a
 * PIN on this till, a profile at most 72 h old, a grant of this till that still holds), by name.
 */
export function switchCandidates(
  storage: KeyValueStorage,
  deviceId: string | null,
  now = Date.now(),
): SwitchCandidate[] {
  const pins = readPins(storage);
  return Object.entries(readAll(storage))
    .map(([userId, cached]): SwitchCandidate => {
      const profile = parseProfile(cached.profile, now);
      const name =
        cached.profile?.user.name || cached.profile?.user.username || pins[userId]?.name || userId;
      const block: SwitchBlock | null = !pins[userId]
        ? 'noPin'
        : !profile
          ? 'stale'
          : !deviceId || !grantFor(storage, userId, deviceId, now)
            ? 'noGrant'
            : null;
      return { userId, name, profile, block };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'ar'));
}
