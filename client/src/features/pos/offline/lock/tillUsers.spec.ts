import { DEVICE_GRANT_TTL_MS, type SessionUser } from '@pos/contracts';
import { createStore } from 'jotai';
import {
  SESSION_CACHE_KEY,
  SHIFT_CACHE_PREFIX,
  TILL_USERS_KEY,
} from '../../../../shared/lib/offlineSession';
import {
  readProfile,
  SESSION_CACHE_MAX_AGE_MS,
  SESSION_CACHE_VERSION,
  startOffline,
  type SessionProfile,
} from '../../../../shared/lib/sessionCache';
import { sessionState } from '../../../../shared/state';
import { PIN_KEY, readPins, savePin, tryUnlock, hashPin } from './pin';
import {
  GRANT_REFRESH_MS,
  grantFor,
  grantWanted,
  rememberGrant,
  rememberProfile,
} from './tillGrants';
import { forgetTillUser, switchCandidates } from './tillUsers';
import { memoryStorage } from '../../../../shared/lib/memoryStorage.testing';

const NOW = Date.parse('2026-12-06T10:00:00Z');
const DEVICE = 'dev-1';
const HOUR = 3_600_000;

const userOf = (id: string, name: string): SessionUser => ({
  id,
  username: `u-${id}`,
  name,
  branchId: 'b-1',
  isAdmin: false,
  permissions: [],
  screens: ['POS'],
  maxDiscountPercent: 0,
});

const profileOf = (id: string, name: string, savedAt = NOW): SessionProfile => ({
  version: SESSION_CACHE_VERSION,
  savedAt: new Date(savedAt).toISOString(),
  user: userOf(id, name),
  expires: '2026-12-07T00:00:00Z',
  config: { modules: [], appName: 'POS' } as never,
  features: {},
  storeInfo: null,
  storeSettings: {} as never,
  branch: null,
});

const grantOf = (token: string, issuedAt = NOW, deviceId = DEVICE) => ({
  token,
  deviceId,
  expiresAt: new Date(issuedAt + DEVICE_GRANT_TTL_MS).toISOString(),
});

// Few iterations: the tests are about the cache, not PBKDF2's cost.
const pinOf = (pin: string, name: string) => hashPin(pin, name, 1000);

describe('the cashiers cached on the till', () => {
  it('keeps each cashier’s profile and grant by user id, one entry each, the newest winning', () => {
    const storage = memoryStorage();
    rememberProfile(storage, profileOf('a', 'أمل'));
    rememberGrant(storage, 'a', grantOf('tok-a1'));
    rememberProfile(storage, profileOf('b', 'بسمة'));
    rememberGrant(storage, 'b', grantOf('tok-b'));
    rememberGrant(storage, 'a', grantOf('tok-a2'));
    const all = JSON.parse(storage.getItem(TILL_USERS_KEY)!);
    expect(Object.keys(all).sort()).toEqual(['a', 'b']);
    expect(all.a.profile.user.name).toBe('أمل');
    expect(grantFor(storage, 'a', DEVICE, NOW)).toBe('tok-a2');
    expect(grantFor(storage, 'b', DEVICE, NOW)).toBe('tok-b');
    // The current session's profile (`pos-session`) is not touched.
    expect(storage.getItem(SESSION_CACHE_KEY)).toBeNull();
  });

  it('gives a grant only for its own till and only while it holds', () => {
    const storage = memoryStorage();
    rememberGrant(storage, 'a', grantOf('tok-a'));
    expect(grantFor(storage, 'a', 'dev-2', NOW)).toBeUndefined();
    expect(grantFor(storage, 'nobody', DEVICE, NOW)).toBeUndefined();
    expect(grantFor(storage, 'a', DEVICE, NOW + DEVICE_GRANT_TTL_MS - 1)).toBe('tok-a');
    expect(grantFor(storage, 'a', DEVICE, NOW + DEVICE_GRANT_TTL_MS)).toBeUndefined();
  });

  it('asks a grant at an online visit when there is none for this till or it is a day old', () => {
    const storage = memoryStorage();
    expect(grantWanted(storage, 'a', DEVICE, DEVICE_GRANT_TTL_MS, NOW)).toBe(true);
    rememberGrant(storage, 'a', grantOf('tok-a'));
    expect(grantWanted(storage, 'a', DEVICE, DEVICE_GRANT_TTL_MS, NOW + HOUR)).toBe(false);
    expect(grantWanted(storage, 'a', 'dev-2', DEVICE_GRANT_TTL_MS, NOW + HOUR)).toBe(true);
    expect(grantWanted(storage, 'a', DEVICE, DEVICE_GRANT_TTL_MS, NOW + GRANT_REFRESH_MS)).toBe(
      true,
    );
  });

  it('lists who may take the till over offline, and why the others may not', async () => {
    const storage = memoryStorage();
    // a: everything; b: no PIN here; c: signed in here more than 72 h ago; d: no grant; e: another till's grant
    for (const [id, name, savedAt] of [
      ['a', 'أمل', NOW - HOUR],
      ['b', 'بسمة', NOW],
      ['c', 'جمال', NOW - SESSION_CACHE_MAX_AGE_MS - 1],
      ['d', 'دينا', NOW],
      ['e', 'عمر', NOW],
    ] as const) {
      rememberProfile(storage, profileOf(id, name, savedAt));
      if (id !== 'b') savePin(storage, id, await pinOf('1234', name));
      if (id !== 'd')
        rememberGrant(storage, id, grantOf(`tok-${id}`, NOW, id === 'e' ? 'dev-2' : DEVICE));
    }
    const list = switchCandidates(storage, DEVICE, NOW);
    expect(list.map((c) => [c.userId, c.block])).toEqual([
      ['a', null],
      ['b', 'noPin'],
      ['c', 'stale'],
      ['d', 'noGrant'],
      ['e', 'noGrant'],
    ]);
    expect(list[0].profile?.user.name).toBe('أمل');
    // Before the till knows its id, no one (no grant can be matched).
    expect(switchCandidates(storage, null, NOW).every((c) => c.block !== null)).toBe(true);
  });

  it('a switch: the right PIN of a cached cashier makes the app theirs, offline; a wrong one does not', async () => {
    const storage = memoryStorage();
    rememberProfile(storage, profileOf('b', 'بسمة'));
    rememberGrant(storage, 'b', grantOf('tok-b'));
    savePin(storage, 'b', await pinOf('5678', 'بسمة'));
    const [b] = switchCandidates(storage, DEVICE, NOW);
    expect(await tryUnlock(storage, 'b', '1111', NOW)).toBe('wrong');
    expect(await tryUnlock(storage, 'stranger', '5678', NOW)).toBe('none');
    expect(await tryUnlock(storage, 'b', '5678', NOW)).toBe('ok');
    const store = createStore();
    startOffline(store, b.profile!);
    expect(store.get(sessionState)).toMatchObject({
      status: 'authenticated',
      offline: true,
      user: { id: 'b', name: 'بسمة' },
    });
    // The profile read back from `pos-session` after a reload is the same one.
    storage.setItem(SESSION_CACHE_KEY, JSON.stringify(b.profile));
    expect(readProfile(storage, NOW)?.user.id).toBe('b');
  });

  it('forgets a removed cashier: profile, grant and PIN; the others stay', async () => {
    const storage = memoryStorage();
    for (const id of ['a', 'b']) {
      rememberProfile(storage, profileOf(id, id));
      rememberGrant(storage, id, grantOf(`tok-${id}`));
      savePin(storage, id, await pinOf('1234', id));
    }
    storage.setItem(`${SHIFT_CACHE_PREFIX}b`, '{}');
    forgetTillUser(storage, 'a');
    expect(switchCandidates(storage, DEVICE, NOW).map((c) => c.userId)).toEqual(['b']);
    expect(grantFor(storage, 'a', DEVICE, NOW)).toBeUndefined();
    expect(Object.keys(readPins(storage))).toEqual(['b']);
    expect(JSON.parse(storage.getItem(PIN_KEY)!).a).toBeUndefined();
  });

  it('reads a damaged cache as empty', () => {
    const storage = memoryStorage();
    storage.setItem(TILL_USERS_KEY, '{not json');
    expect(switchCandidates(storage, DEVICE, NOW)).toEqual([]);
    storage.setItem(TILL_USERS_KEY, '[1,2]');
    expect(grantFor(storage, 'a', DEVICE, NOW)).toBeUndefined();
    rememberGrant(storage, 'a', grantOf('tok-a'));
    expect(grantFor(storage, 'a', DEVICE, NOW)).toBe('tok-a');
  });
});
