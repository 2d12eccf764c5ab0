import type { DeviceGrantDto } from '@pos/contracts';
import type { SessionProfile } from '../../../../shared/lib/sessionCache';
import { TILL_USERS_KEY } from '../../../../shared/lib/offlineSession';

// The cashiers cached on this till (issue 32 item 7, docs/decisions/0078): each signed in online
// here; the till keeps their session profile (as `pos-session` keeps the current one) and the
// server's grant for this till (DeviceGrantDto), by user id, in localStorage `pos-till-users`.
// From the lock screen, offline, any of them with a PIN on this till takes it over (./tillUsers.ts);
// the sales they ring carry their grant, so the server books each to them when it arrives. This
// file is the cache alone (no PIN, no UI): the outbox's engine reads the grants from it.

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type TillGrant = Pick<DeviceGrantDto, 'token' | 'deviceId' | 'expiresAt'>;
export type TillUser = { profile?: SessionProfile; grant?: TillGrant };

/** A grant is asked again at an online visit once it is older than this (one a day at most). */
export const GRANT_REFRESH_MS = 24 * 60 * 60 * 1000;

export function readAll(storage: KeyValueStorage): Record<string, TillUser> {
  try {
    const value = JSON.parse(storage.getItem(TILL_USERS_KEY) ?? 'null') as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, TillUser>)
      : {};
  } catch {
    return {};
  }
}

function update(storage: KeyValueStorage, userId: string, change: (user: TillUser) => TillUser) {
  const all = readAll(storage);
  try {
    storage.setItem(
      TILL_USERS_KEY,
      JSON.stringify({ ...all, [userId]: change(all[userId] ?? {}) }),
    );
  } catch {
    // A full or refused storage: this cashier simply cannot be switched to offline.
  }
}

/** The profile of an online visit (the server's), kept for a switch to this user later. */
export function rememberProfile(storage: KeyValueStorage, profile: SessionProfile): void {
  update(storage, profile.user.id, (user) => ({ ...user, profile }));
}

/** The server's grant of `userId` for this till. */
export function rememberGrant(storage: KeyValueStorage, userId: string, grant: TillGrant): void {
  update(storage, userId, (user) => ({
    ...user,
    grant: { token: grant.token, deviceId: grant.deviceId, expiresAt: grant.expiresAt },
  }));
}

/** The grant token of `userId` for `deviceId` while it holds at `now`; else undefined. */
export function grantFor(
  storage: KeyValueStorage,
  userId: string,
  deviceId: string,
  now = Date.now(),
): string | undefined {
  const grant = readAll(storage)[userId]?.grant;
  if (!grant || grant.deviceId !== deviceId || !(Date.parse(grant.expiresAt) > now))
    return undefined;
  return grant.token;
}

/** Whether an online visit should ask `userId`'s grant for `deviceId` (none, another till's, old). */
export function grantWanted(
  storage: KeyValueStorage,
  userId: string,
  deviceId: string,
  ttlMs: number,
  now = Date.now(),
): boolean {
  const grant = readAll(storage)[userId]?.grant;
  if (!grant || grant.deviceId !== deviceId) return true;
  const issued = Date.parse(grant.expiresAt) - ttlMs;
  return !(issued > now - GRANT_REFRESH_MS);
}
