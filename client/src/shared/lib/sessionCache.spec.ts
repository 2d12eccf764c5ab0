import type { BranchResponseDto, SessionUser } from '@pos/contracts';
import { createStore } from 'jotai';
import {
  currentBranchState,
  featuresState,
  publicConfigState,
  publicConfigStatusState,
  sessionState,
  storeSettingsState,
} from '../state';
import { SESSION_CACHE_KEY } from './offlineSession';
import {
  bootFromCache,
  clearProfile,
  profileOf,
  readProfile,
  saveProfile,
  SESSION_CACHE_MAX_AGE_MS,
} from './sessionCache';
import { memoryStorage } from './memoryStorage.testing';

const user: SessionUser = {
  id: 'u-1',
  username: 'cashier',
  name: 'منى',
  branchId: 'b-1',
  isAdmin: false,
  permissions: [{ key: 'can_sell' as SessionUser['permissions'][number]['key'] }],
  screens: ['POS'],
  maxDiscountPercent: 10,
};
const branch = { id: 'b-1', name: 'الفرع الرئيسي' } as unknown as BranchResponseDto;
const NOW = Date.parse('2026-12-05T10:00:00Z');

/** A store as the app has it once a cashier is signed in online and everything has loaded. */
function signedInStore() {
  const store = createStore();
  store.set(sessionState, { status: 'authenticated', user, expires: '2026-12-06', step: null });
  store.set(publicConfigState, { modules: ['Maintenance'], appName: 'POS' } as never);
  store.set(publicConfigStatusState, 'loaded');
  store.set(featuresState, { quick: true });
  store.set(currentBranchState, branch);
  store.set(storeSettingsState, { ...store.get(storeSettingsState), timeZone: 'Africa/Cairo' });
  return store;
}

describe('the session profile saved on the device', () => {
  it('is taken from a signed-in, online, loaded app only', () => {
    const store = signedInStore();
    const profile = profileOf(store, new Date(NOW));
    expect(profile).toMatchObject({
      version: 1,
      savedAt: new Date(NOW).toISOString(),
      user,
      config: { modules: ['Maintenance'] },
      features: { quick: true },
      branch,
    });
    // Not while the configuration or the branch has not arrived, not offline, not signed out.
    const loading = signedInStore();
    loading.set(publicConfigStatusState, 'loading');
    expect(profileOf(loading)).toBeNull();
    const noBranch = signedInStore();
    noBranch.set(currentBranchState, null);
    expect(profileOf(noBranch)).toBeNull();
    const offline = signedInStore();
    offline.set(sessionState, { ...offline.get(sessionState), offline: true });
    expect(profileOf(offline)).toBeNull();
    const out = signedInStore();
    out.set(sessionState, { status: 'unauthenticated', user: null });
    expect(profileOf(out)).toBeNull();
    const step = signedInStore();
    step.set(sessionState, { ...step.get(sessionState), step: 'password' as never });
    expect(profileOf(step)).toBeNull();
  });

  it('round-trips through storage and starts the app offline as that user', () => {
    const storage = memoryStorage();
    saveProfile(storage, profileOf(signedInStore(), new Date(NOW)) as never);
    expect(storage.data.has(SESSION_CACHE_KEY)).toBe(true);

    const fresh = createStore();
    expect(bootFromCache(fresh, storage, NOW + 60_000)).toBe(true);
    expect(fresh.get(sessionState)).toEqual({
      status: 'authenticated',
      user,
      expires: '2026-12-06',
      step: null,
      offline: true,
    });
    expect(fresh.get(publicConfigState).modules).toEqual(['Maintenance']);
    expect(fresh.get(publicConfigStatusState)).toBe('loaded');
    expect(fresh.get(currentBranchState)).toEqual(branch);
    expect(fresh.get(featuresState)).toEqual({ quick: true });
    expect(fresh.get(storeSettingsState).timeZone).toBe('Africa/Cairo');
  });

  it('is not used when missing, damaged, of another version or too old', () => {
    const storage = memoryStorage();
    const fresh = createStore();
    expect(bootFromCache(fresh, storage, NOW)).toBe(false);
    expect(fresh.get(sessionState).status).toBe('loading');

    const profile = profileOf(signedInStore(), new Date(NOW)) as NonNullable<
      ReturnType<typeof profileOf>
    >;
    saveProfile(storage, profile);
    expect(readProfile(storage, NOW + SESSION_CACHE_MAX_AGE_MS)).not.toBeNull();
    expect(readProfile(storage, NOW + SESSION_CACHE_MAX_AGE_MS + 1)).toBeNull();
    // Saved "in the future" (a clock set back since): not trusted either.
    expect(readProfile(storage, NOW - 10 * 60_000)).toBeNull();

    storage.setItem(SESSION_CACHE_KEY, '{broken');
    expect(readProfile(storage, NOW)).toBeNull();
    storage.setItem(SESSION_CACHE_KEY, JSON.stringify({ ...profile, version: 2 }));
    expect(readProfile(storage, NOW)).toBeNull();
    storage.setItem(SESSION_CACHE_KEY, JSON.stringify({ ...profile, user: { id: 'x' } }));
    expect(readProfile(storage, NOW)).toBeNull();
    storage.setItem(SESSION_CACHE_KEY, JSON.stringify({ ...profile, config: null }));
    expect(readProfile(storage, NOW)).toBeNull();
  });

  it('is forgotten on demand', () => {
    const storage = memoryStorage();
    saveProfile(storage, profileOf(signedInStore(), new Date(NOW)) as never);
    clearProfile(storage);
    expect(readProfile(storage, NOW)).toBeNull();
    expect(storage.data.size).toBe(0);
  });
});
