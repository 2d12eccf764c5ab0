import type { ShiftDto } from '@pos/contracts';
import { forgetSavedSession, SESSION_CACHE_KEY, SHIFT_CACHE_PREFIX } from './offlineSession';
import {
  currentShiftOrSaved,
  forgetShift,
  readShift,
  rememberShift,
  SHIFT_CACHE_MAX_AGE_MS,
} from './shiftCache';
import { memoryStorage } from './memoryStorage.testing';

const NOW = Date.parse('2026-12-05T12:00:00Z');
const shift = (over: Partial<ShiftDto> = {}): ShiftDto => ({
  id: 's1',
  branchId: 'b1',
  register: 2,
  cashierId: 'u1',
  cashierName: 'Mona',
  status: 'open',
  openedAt: '2026-12-05T08:00:00Z',
  closedAt: null,
  openingCash: 50_000,
  denominations: null,
  ...over,
});

describe('the open shift kept on the device (issue 32)', () => {
  it('keeps the server answer per user and gives it back to that user only', () => {
    const storage = memoryStorage();
    rememberShift(storage, 'u1', shift());
    expect(readShift(storage, 'u1', NOW)).toEqual(shift());
    expect(readShift(storage, 'u2', NOW)).toBeNull();
    rememberShift(storage, 'u2', shift({ id: 's2', cashierId: 'u2', register: 3 }));
    expect(readShift(storage, 'u1', NOW)?.id).toBe('s1');
    expect(readShift(storage, 'u2', NOW)?.register).toBe(3);
  });

  it('forgets it when the server says there is no open shift, or answers a closed one', () => {
    const storage = memoryStorage();
    rememberShift(storage, 'u1', shift());
    rememberShift(storage, 'u1', null);
    expect(readShift(storage, 'u1', NOW)).toBeNull();
    rememberShift(storage, 'u1', shift());
    rememberShift(storage, 'u1', shift({ status: 'closed', closedAt: '2026-12-05T11:00:00Z' }));
    expect(storage.data.size).toBe(0);
    rememberShift(storage, 'u1', shift());
    forgetShift(storage, 'u1');
    expect(readShift(storage, 'u1', NOW)).toBeNull();
  });

  it("never keeps another cashier's shift under a user", () => {
    const storage = memoryStorage();
    rememberShift(storage, 'u1', shift({ cashierId: 'u9' }));
    expect(storage.data.size).toBe(0);
    // written by hand under the wrong user: refused on reading too
    storage.setItem(`${SHIFT_CACHE_PREFIX}u1`, JSON.stringify(shift({ cashierId: 'u9' })));
    expect(readShift(storage, 'u1', NOW)).toBeNull();
  });

  it('refuses a broken, closed or too old saved shift', () => {
    const storage = memoryStorage();
    const key = `${SHIFT_CACHE_PREFIX}u1`;
    storage.setItem(key, '{not json');
    expect(readShift(storage, 'u1', NOW)).toBeNull();
    storage.setItem(key, JSON.stringify({ ...shift(), register: 'two' }));
    expect(readShift(storage, 'u1', NOW)).toBeNull();
    storage.setItem(key, JSON.stringify(shift({ status: 'closed' })));
    expect(readShift(storage, 'u1', NOW)).toBeNull();
    const opened = Date.parse(shift().openedAt);
    storage.setItem(key, JSON.stringify(shift()));
    expect(readShift(storage, 'u1', opened + SHIFT_CACHE_MAX_AGE_MS)).not.toBeNull();
    expect(readShift(storage, 'u1', opened + SHIFT_CACHE_MAX_AGE_MS + 1)).toBeNull();
  });

  it("is forgotten with the saved session at sign-out (that user's only)", () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      removeItem: (key: string) => void data.delete(key),
    };
    const before = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
    try {
      rememberShift(storage, 'u1', shift());
      rememberShift(storage, 'u2', shift({ id: 's2', cashierId: 'u2' }));
      storage.setItem(SESSION_CACHE_KEY, JSON.stringify({ user: { id: 'u1' } }));
      forgetSavedSession();
      expect(readShift(storage, 'u1', NOW)).toBeNull();
      expect(readShift(storage, 'u2', NOW)?.id).toBe('s2');
      expect(data.has(SESSION_CACHE_KEY)).toBe(false);
    } finally {
      if (before) Object.defineProperty(globalThis, 'localStorage', before);
      else delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });
});

describe('the till asking for its open shift (issue 32)', () => {
  const unreachable = (err: unknown) => (err as { status?: number }).status === 0;
  const noNetwork = Object.assign(new Error('offline'), { status: 0 });
  const ask = (
    storage: ReturnType<typeof memoryStorage>,
    fetchShift: () => Promise<ShiftDto | null>,
    browserOffline = false,
  ) =>
    currentShiftOrSaved({
      userId: 'u1',
      fetchShift,
      isUnreachable: unreachable,
      storage,
      browserOffline,
      now: NOW,
    });

  it("keeps the server's answer, then gives it back when the server cannot be reached", async () => {
    const storage = memoryStorage();
    await expect(ask(storage, async () => shift())).resolves.toEqual({
      shift: shift(),
      fromDevice: false,
    });
    await expect(ask(storage, () => Promise.reject(noNetwork))).resolves.toEqual({
      shift: shift(),
      fromDevice: true,
    });
    // the browser knows it is offline: the server is not even asked
    const fetchShift = jest.fn(async () => null);
    await expect(ask(storage, fetchShift, true)).resolves.toMatchObject({ fromDevice: true });
    expect(fetchShift).not.toHaveBeenCalled();
  });

  it('answers no shift once the server said so, and lets a refusal or an unknown shift stand', async () => {
    const storage = memoryStorage();
    await ask(storage, async () => shift());
    await expect(ask(storage, async () => null)).resolves.toEqual({
      shift: null,
      fromDevice: false,
    });
    // nothing saved any more: the network error stands (the till shows the open-shift form)
    await expect(ask(storage, () => Promise.reject(noNetwork))).rejects.toBe(noNetwork);
    await ask(storage, async () => shift());
    // a refusal (401, 403) is not the server being unreachable: never the saved shift
    const refused = Object.assign(new Error('signed out'), { status: 401 });
    await expect(ask(storage, () => Promise.reject(refused))).rejects.toBe(refused);
  });
});
