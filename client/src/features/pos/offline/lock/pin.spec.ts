import {
  afterWrongPin,
  hashPin,
  isValidPin,
  LOCK_KEY,
  MAX_TRIES,
  NO_LOCK,
  PIN_ITERATIONS,
  PIN_KEY,
  readLock,
  readPins,
  savePin,
  tryUnlock,
  verifyPin,
  WAIT_MS,
  waitLeft,
  writeLock,
} from './pin';
import { memoryStorage } from '../../../../shared/lib/memoryStorage.testing';

// Few iterations where the count does not matter: the tests stay fast.
const FAST = 1000;

describe('till PIN hashing', () => {
  it('accepts 4 to 8 digits only', () => {
    expect(['1234', '12345678', '0000'].every(isValidPin)).toBe(true);
    expect(['123', '123456789', '12a4', ' 1234', '١٢٣٤', ''].some(isValidPin)).toBe(false);
  });

  it('stores a PBKDF2 hash with a random salt and at least 100k iterations, never the PIN', async () => {
    const a = await hashPin('246810', 'Mona');
    const b = await hashPin('246810', 'Mona');
    expect(PIN_ITERATIONS).toBeGreaterThanOrEqual(100_000);
    expect(a.iterations).toBe(PIN_ITERATIONS);
    expect(Buffer.from(a.salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(a.hash, 'base64')).toHaveLength(32);
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
    expect(JSON.stringify(a)).not.toContain('246810');
    await expect(verifyPin('246810', a)).resolves.toBe(true);
    await expect(verifyPin('246811', a)).resolves.toBe(false);
  });

  it('verifies against the record it was made with (a known PBKDF2-SHA256 vector)', async () => {
    // PBKDF2-HMAC-SHA256("1234", salt 16 × 0x01, 1000 iterations), computed with Node's crypto.
    const { pbkdf2Sync } = await import('node:crypto');
    const salt = Buffer.alloc(16, 1);
    const hash = pbkdf2Sync('1234', salt, FAST, 32, 'sha256');
    const record = {
      salt: salt.toString('base64'),
      iterations: FAST,
      hash: hash.toString('base64'),
      name: 'x',
    };
    await expect(verifyPin('1234', record)).resolves.toBe(true);
    await expect(verifyPin('4321', record)).resolves.toBe(false);
    await expect(verifyPin('12', record)).resolves.toBe(false);
  });

  it('refuses to hash a PIN that is not 4 to 8 digits', async () => {
    await expect(hashPin('12', 'x', FAST)).rejects.toThrow();
    await expect(hashPin('abcd', 'x', FAST)).rejects.toThrow();
  });
});

describe('till lock', () => {
  it('keeps one PIN per user on the device', async () => {
    const storage = memoryStorage();
    savePin(storage, 'u1', await hashPin('1111', 'One', FAST));
    savePin(storage, 'u2', await hashPin('2222', 'Two', FAST));
    savePin(storage, 'u1', await hashPin('3333', 'One', FAST));
    const pins = readPins(storage);
    expect(Object.keys(pins).sort()).toEqual(['u1', 'u2']);
    await expect(verifyPin('3333', pins.u1)).resolves.toBe(true);
    await expect(verifyPin('1111', pins.u1)).resolves.toBe(false);
    storage.setItem(PIN_KEY, 'not json');
    expect(readPins(storage)).toEqual({});
  });

  it('unlocks with the right PIN and clears the lock', async () => {
    const storage = memoryStorage();
    savePin(storage, 'u1', await hashPin('1234', 'One', FAST));
    writeLock(storage, { ...NO_LOCK, locked: 'u1' });
    expect(readLock(storage).locked).toBe('u1');
    await expect(tryUnlock(storage, 'u1', '1234', 0)).resolves.toBe('ok');
    expect(readLock(storage)).toEqual(NO_LOCK);
    expect(storage.data.has(LOCK_KEY)).toBe(false);
  });

  it('counts wrong PINs and makes the fifth one in a row wait 30 s', async () => {
    const storage = memoryStorage();
    savePin(storage, 'u1', await hashPin('1234', 'One', FAST));
    writeLock(storage, { ...NO_LOCK, locked: 'u1' });
    const t0 = 1_000_000;
    for (let i = 1; i < MAX_TRIES; i += 1) {
      await expect(tryUnlock(storage, 'u1', '9999', t0)).resolves.toBe('wrong');
      expect(readLock(storage)).toEqual({ locked: 'u1', failures: i, waitUntil: 0 });
    }
    await expect(tryUnlock(storage, 'u1', '9999', t0)).resolves.toBe('wrong');
    expect(readLock(storage)).toEqual({ locked: 'u1', failures: 0, waitUntil: t0 + WAIT_MS });
    expect(WAIT_MS).toBe(30_000);
    // While waiting even the right PIN is not tried (and not counted).
    await expect(tryUnlock(storage, 'u1', '1234', t0 + WAIT_MS - 1)).resolves.toBe('wait');
    expect(readLock(storage).locked).toBe('u1');
    await expect(tryUnlock(storage, 'u1', '1234', t0 + WAIT_MS)).resolves.toBe('ok');
    expect(readLock(storage).locked).toBeNull();
  });

  it('says when the user has no PIN on this device', async () => {
    const storage = memoryStorage();
    await expect(tryUnlock(storage, 'u9', '1234', 0)).resolves.toBe('none');
  });

  it('computes the wait left and the state after a wrong PIN', () => {
    expect(waitLeft({ ...NO_LOCK, waitUntil: 500 }, 200)).toBe(300);
    expect(waitLeft({ ...NO_LOCK, waitUntil: 500 }, 900)).toBe(0);
    expect(afterWrongPin({ locked: 'u', failures: 3, waitUntil: 0 }, 10)).toEqual({
      locked: 'u',
      failures: 4,
      waitUntil: 0,
    });
  });

  it('reads a damaged lock record as unlocked', () => {
    const storage = memoryStorage();
    storage.setItem(LOCK_KEY, '{"locked": 5, "failures": "x"}');
    expect(readLock(storage)).toEqual(NO_LOCK);
  });
});
