import type { ShiftDto } from '@pos/contracts';
import { SHIFT_CACHE_PREFIX } from './offlineSession';

// The cashier's open shift on this device (issue 32 item 7): saved at each online read of the
// current shift, per user (`pos-open-shift:<userId>` in localStorage), and used when the server
// cannot be reached, so a till restarted offline in the middle of a shift still sells. Forgotten
// when the server says there is no open shift, when the shift is closed here, and at sign-out
// (offlineSession.ts). Opening a shift stays online-only. It is the server's own answer, no secret.

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A cached shift opened longer ago than this is not used (the server keeps a week of offline sales). */
export const SHIFT_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const keyOf = (userId: string) => `${SHIFT_CACHE_PREFIX}${userId}`;

/**
 * Keeps the server's answer for `userId`: their open shift is saved; no shift (or a closed one,
 * or another cashier's) forgets what was saved.
 */
export function rememberShift(
  storage: KeyValueStorage,
  userId: string,
  shift: ShiftDto | null,
): void {
  try {
    if (shift && shift.status === 'open' && shift.cashierId === userId)
      storage.setItem(keyOf(userId), JSON.stringify(shift));
    else storage.removeItem(keyOf(userId));
  } catch {
    // A full or refused storage: the till simply cannot restart offline mid-shift.
  }
}

export function forgetShift(storage: KeyValueStorage, userId: string): void {
  try {
    storage.removeItem(keyOf(userId));
  } catch {
    // nothing to forget
  }
}

/** The open shift saved for `userId`, when it is whole, theirs, open and recent enough; else null. */
export function readShift(
  storage: KeyValueStorage,
  userId: string,
  now = Date.now(),
): ShiftDto | null {
  let value: unknown;
  try {
    value = JSON.parse(storage.getItem(keyOf(userId)) ?? 'null');
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const shift = value as Partial<ShiftDto>;
  if (
    typeof shift.id !== 'string' ||
    typeof shift.register !== 'number' ||
    shift.status !== 'open' ||
    shift.cashierId !== userId
  )
    return null;
  const openedAt = Date.parse(String(shift.openedAt));
  if (!Number.isFinite(openedAt) || now - openedAt > SHIFT_CACHE_MAX_AGE_MS) return null;
  return shift as ShiftDto;
}

/**
 * The server's current shift of `userId` (kept on the device), or, when the server cannot be
 * reached (`isUnreachable`), the one saved for them; `fromDevice` says which. With the browser
 * offline the saved shift is used without asking; with none saved the server is asked anyway and
 * its error stands.
 */
export async function currentShiftOrSaved(input: {
  userId: string | null;
  fetchShift: () => Promise<ShiftDto | null>;
  isUnreachable: (err: unknown) => boolean;
  storage: KeyValueStorage;
  browserOffline?: boolean;
  now?: number;
}): Promise<{ shift: ShiftDto | null; fromDevice: boolean }> {
  const { userId, storage } = input;
  const saved = () => (userId ? readShift(storage, userId, input.now) : null);
  if (input.browserOffline) {
    const shift = saved();
    if (shift) return { shift, fromDevice: true };
  }
  try {
    const shift = await input.fetchShift();
    if (userId) rememberShift(storage, userId, shift);
    return { shift, fromDevice: false };
  } catch (err) {
    const shift = input.isUnreachable(err) ? saved() : null;
    if (shift) return { shift, fromDevice: true };
    throw err;
  }
}
