import { randomFillSync } from 'node:crypto';
import { v7 } from 'uuid';

// Row ids: UUID version 7 (time-ordered, so inserts land at the end of each index), made by the
// uuid package from random bytes drawn from a pool. uuid's own v7() draws 16 bytes from the
// operating system's generator for every id (crypto.getRandomValues: about 5 µs an id here, and a
// sale makes about ten ids); the pool draws 4 KiB at a time (0.5 µs an id; docs/decisions/0134).
// The ids stay as uuid makes them: within one millisecond each id's sequence is the last one's
// plus one (a fresh random sequence each new millisecond), so ids made by this process sort in the
// order they were made, as with v7() without options.

const POOL_BYTES = 4096;
const pool = new Uint8Array(POOL_BYTES);
let used = POOL_BYTES;

/** 16 random bytes from the pool (refilled from the operating system when spent). */
function random16(): Uint8Array {
  if (used + 16 > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  const bytes = pool.subarray(used, used + 16);
  used += 16;
  return bytes;
}

/** The last id's millisecond and sequence (uuid's own v7 state, kept here because we pass both). */
let lastMs = -Infinity;
let seq = 0;

/** A new UUID v7, as `v7()` of the uuid package makes it. */
export function uuidv7(): string {
  const random = random16();
  const now = Date.now();
  if (now > lastMs) {
    // 31 random bits, as uuid starts each millisecond's sequence
    seq = ((random[6] & 0x7f) << 24) | (random[7] << 16) | (random[8] << 8) | random[9];
    lastMs = now;
  } else {
    seq = (seq + 1) | 0;
    if (seq === 0) lastMs++;
  }
  return v7({ random, msecs: lastMs, seq });
}
