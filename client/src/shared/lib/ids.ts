// Client-made ids (sale, return, customer payment): the idempotency keys of those commands.
// UUIDv7 (RFC 9562, issue 32): 48 bits of Unix milliseconds, then random bits, so a device's sales
// sort by when they were made. Made here from crypto.getRandomValues, which an insecure context
// (a shop's POS on http://192.168.x.x) has too, unlike crypto.randomUUID. Written out rather than
// imported from the uuid package: this file is in the first page's bundle, which /login's budget
// (the /login budget) has no room for the package.
export function newId(): string {
  return uuidV7At(Date.now());
}

/** A UUIDv7 of the moment `ms` (Unix milliseconds). */
export function uuidV7At(ms: number): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  for (let i = 5, t = ms; i >= 0; i--, t = Math.floor(t / 256)) bytes[i] = t % 256;
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Nothing was saved: the server could not be reached (0) or its database was away (503). */
export function isRetryable(err: unknown): boolean {
  const status = (err as { status?: number })?.status;
  return status === 0 || status === 503;
}

/** Retries a command when nothing was saved, with the same body (same id): never sells twice. */
export async function withNetworkRetry<T>(
  run: () => Promise<T>,
  attempts = 3,
  delayMs = 400,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!isRetryable(err) || attempt >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, delayMs * attempt));
    }
  }
}
