// The till's PIN (issue 32 item 7): set by the signed-in cashier on this device, kept only as a
// PBKDF2-SHA256 hash with a random salt (WebCrypto), checked on the device (offline too). Wrong
// PINs are counted: after MAX_TRIES in a row the lock screen waits WAIT_MS before the next try.
// Everything is in localStorage (per device, per user); nothing of it goes to the server.

export const PIN_PATTERN = /^\d{4,8}$/;
export const PIN_ITERATIONS = 210_000;
export const MAX_TRIES = 5;
export const WAIT_MS = 30_000;
export const PIN_KEY = 'pos-till-pin';
export const LOCK_KEY = 'pos-till-lock';

export type PinRecord = {
  /** base64 */
  salt: string;
  iterations: number;
  /** base64 of the 256-bit PBKDF2-SHA256 output */
  hash: string;
  /** the user's name, for a user switch offline (shown on the lock screen) */
  name: string;
};

/** The lock screen's state on this device (survives a reload: a reload does not unlock). */
export type LockState = {
  /** the user whose till is locked, or null */
  locked: string | null;
  /** wrong PINs in a row */
  failures: number;
  /** no try before this time (epoch ms) */
  waitUntil: number;
};

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export const isValidPin = (pin: string): boolean => PIN_PATTERN.test(pin);

async function derive(pin: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

/** The record of a new PIN (a fresh random salt each time). Throws on a PIN that is not 4–8 digits. */
export async function hashPin(
  pin: string,
  name: string,
  iterations = PIN_ITERATIONS,
): Promise<PinRecord> {
  if (!isValidPin(pin)) throw new Error('PIN must be 4 to 8 digits');
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(pin, salt, iterations);
  return { salt: toBase64(salt), iterations, hash: toBase64(hash), name };
}

/** Whether `pin` is the one `record` was made of (compared in constant time). */
export async function verifyPin(pin: string, record: PinRecord): Promise<boolean> {
  if (!isValidPin(pin)) return false;
  const expected = fromBase64(record.hash);
  const actual = await derive(pin, fromBase64(record.salt), record.iterations);
  if (actual.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < actual.length; i += 1) diff |= actual[i] ^ expected[i];
  return diff === 0;
}

function readJson<T>(storage: KeyValueStorage, key: string, fallback: T): T {
  try {
    const value = JSON.parse(storage.getItem(key) ?? 'null') as T | null;
    return value ?? fallback;
  } catch {
    return fallback;
  }
}

/** The PINs set on this device, by user id. */
export function readPins(storage: KeyValueStorage): Record<string, PinRecord> {
  const pins = readJson<Record<string, PinRecord>>(storage, PIN_KEY, {});
  return typeof pins === 'object' && !Array.isArray(pins) ? pins : {};
}

export function savePin(storage: KeyValueStorage, userId: string, record: PinRecord): void {
  storage.setItem(PIN_KEY, JSON.stringify({ ...readPins(storage), [userId]: record }));
}

export const NO_LOCK: LockState = { locked: null, failures: 0, waitUntil: 0 };

export function readLock(storage: KeyValueStorage): LockState {
  const state = readJson<Partial<LockState>>(storage, LOCK_KEY, NO_LOCK);
  return {
    locked: typeof state.locked === 'string' ? state.locked : null,
    failures: Number.isInteger(state.failures) ? (state.failures as number) : 0,
    waitUntil: typeof state.waitUntil === 'number' ? state.waitUntil : 0,
  };
}

export function writeLock(storage: KeyValueStorage, state: LockState): void {
  if (state.locked === null && state.failures === 0) storage.removeItem(LOCK_KEY);
  else storage.setItem(LOCK_KEY, JSON.stringify(state));
}

/** Milliseconds to wait before the next try (0: a PIN may be tried now). */
export const waitLeft = (state: LockState, now: number): number =>
  Math.max(0, state.waitUntil - now);

/** The state after a wrong PIN: the MAX_TRIES-th in a row starts a WAIT_MS wait. */
export function afterWrongPin(state: LockState, now: number): LockState {
  const failures = state.failures + 1;
  if (failures >= MAX_TRIES) return { ...state, failures: 0, waitUntil: now + WAIT_MS };
  return { ...state, failures };
}

/**
 * Tries `pin` for `userId` at `now`: 'wait' while a wait runs (not counted), 'ok' (the lock
 * state is cleared: unlocked as that user), 'wrong' (counted), 'none' (no PIN of that user here).
 */
export async function tryUnlock(
  storage: KeyValueStorage,
  userId: string,
  pin: string,
  now: number,
): Promise<'ok' | 'wrong' | 'wait' | 'none'> {
  const state = readLock(storage);
  if (waitLeft(state, now) > 0) return 'wait';
  const record = readPins(storage)[userId];
  if (!record) return 'none';
  if (await verifyPin(pin, record)) {
    writeLock(storage, NO_LOCK);
    return 'ok';
  }
  writeLock(storage, afterWrongPin(state, now));
  return 'wrong';
}
