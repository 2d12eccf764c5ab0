import type {
  BranchResponseDto,
  PublicConfigDto,
  SessionUser,
  StoreInfoResponseDto,
  StoreSettingsDto,
} from '@pos/contracts';
import type { createStore } from 'jotai';
import {
  currentBranchState,
  featuresState,
  publicConfigState,
  publicConfigStatusState,
  sessionState,
  storeInfoState,
  storeSettingsState,
} from '../state';
import { SESSION_CACHE_KEY } from './offlineSession';

// The last signed-in user's session profile on this device (issue 32 item 7): saved by the till at
// each online visit, read when the app starts and the server cannot be reached. It is the profile
// the server gave (user, permissions, branch, store settings, enabled modules), never a secret: the
// session cookie stays the server's. localStorage (not the till's IndexedDB databases `pos-outbox`
// and `pos-catalog`): small, read at start before anything else, and forgotten at sign-out.
// Loaded lazily (never by the /login first visit).

export const SESSION_CACHE_VERSION = 1;
/** A profile older than this is not used offline (the cashier signs in again online). */
export const SESSION_CACHE_MAX_AGE_MS = 72 * 60 * 60 * 1000;

export type SessionProfile = {
  version: typeof SESSION_CACHE_VERSION;
  /** When it was saved (ISO), at an online visit. */
  savedAt: string;
  user: SessionUser;
  expires: string;
  config: PublicConfigDto;
  features: Record<string, boolean>;
  storeInfo: StoreInfoResponseDto | null;
  storeSettings: StoreSettingsDto;
  branch: BranchResponseDto | null;
};

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type Store = ReturnType<typeof createStore>;

export function saveProfile(storage: KeyValueStorage, profile: SessionProfile): void {
  try {
    storage.setItem(SESSION_CACHE_KEY, JSON.stringify(profile));
  } catch {
    // A full or refused storage: the device simply cannot start offline.
  }
}

export function clearProfile(storage: KeyValueStorage): void {
  try {
    storage.removeItem(SESSION_CACHE_KEY);
  } catch {
    // nothing to forget
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The saved profile when it is whole, of this version and fresh enough at `now`; else null. */
export function readProfile(storage: KeyValueStorage, now = Date.now()): SessionProfile | null {
  let value: unknown;
  try {
    value = JSON.parse(storage.getItem(SESSION_CACHE_KEY) ?? 'null');
  } catch {
    return null;
  }
  return parseProfile(value, now);
}

/** `value` as a profile when it is whole, of this version and fresh enough at `now`; else null. */
export function parseProfile(value: unknown, now = Date.now()): SessionProfile | null {
  if (!isObject(value) || value.version !== SESSION_CACHE_VERSION) return null;
  const user = value.user;
  if (!isObject(user) || typeof user.id !== 'string' || !Array.isArray(user.permissions))
    return null;
  if (!isObject(value.config) || !Array.isArray(value.config.modules)) return null;
  if (!isObject(value.storeSettings) || !isObject(value.features)) return null;
  const savedAt = Date.parse(String(value.savedAt));
  if (
    !Number.isFinite(savedAt) ||
    now - savedAt > SESSION_CACHE_MAX_AGE_MS ||
    savedAt > now + 60_000
  )
    return null;
  return value as SessionProfile;
}

/**
 * The profile of the app's state, when it is a signed-in user's, online, with everything the till
 * needs loaded (the configuration and, for a user of a branch, the branch); else null.
 */
export function profileOf(store: Store, now = new Date()): SessionProfile | null {
  const session = store.get(sessionState);
  if (session.status !== 'authenticated' || session.offline || session.step || !session.user)
    return null;
  if (store.get(publicConfigStatusState) !== 'loaded') return null;
  const branch = store.get(currentBranchState);
  if (session.user.branchId && branch?.id !== session.user.branchId) return null;
  return {
    version: SESSION_CACHE_VERSION,
    savedAt: now.toISOString(),
    user: session.user,
    expires: session.expires ?? '',
    config: store.get(publicConfigState),
    features: store.get(featuresState),
    storeInfo: store.get(storeInfoState),
    storeSettings: store.get(storeSettingsState),
    branch,
  };
}

/**
 * Starts the app with the saved profile (the server could not be reached): the session is the
 * saved user's, marked `offline`, and the state the server would have given is the saved one.
 * False when there is no usable profile (the app then starts signed out, as before).
 */
export function bootFromCache(store: Store, storage: KeyValueStorage, now = Date.now()): boolean {
  const profile = readProfile(storage, now);
  if (!profile) return false;
  startOffline(store, profile);
  return true;
}

/**
 * The app as `profile`'s user, offline: at the start from the saved profile, and when another
 * cashier cached on the till takes it over from the lock screen (issue 32 item 7).
 */
export function startOffline(store: Store, profile: SessionProfile): void {
  store.set(publicConfigState, profile.config);
  store.set(publicConfigStatusState, 'loaded');
  store.set(featuresState, profile.features);
  store.set(storeInfoState, profile.storeInfo);
  store.set(storeSettingsState, profile.storeSettings);
  store.set(currentBranchState, profile.branch);
  store.set(sessionState, {
    status: 'authenticated',
    user: profile.user,
    expires: profile.expires,
    step: null,
    offline: true,
  });
}
