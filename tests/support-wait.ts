// Waiting in tests, bounded: poll for a condition instead of sleeping a fixed time, and close what a
// test started (apps, queues, redis-servers, server processes) within a time limit, so an afterAll
// hook fails with the name of what did not close instead of hanging until Jest's hook timeout.

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export type WaitOptions = {
  /** give up after this many ms (default 8000) */
  timeout?: number;
  /** between two probes (default 25 ms) */
  interval?: number;
  /** named in the error on timeout */
  label?: string;
};

/**
 * Polls `probe` until it returns a truthy value (returned) or the timeout passes (throws, naming
 * `label`). A probe that throws is retried too; its last error is in the timeout's message.
 * The old form `waitFor(probe, timeoutMs, label)` is kept for the existing specs.
 */
export async function waitFor<T>(
  probe: () => T | Promise<T>,
  options: WaitOptions | number = {},
  label?: string,
): Promise<NonNullable<T>> {
  const o: WaitOptions = typeof options === 'number' ? { timeout: options, label } : options;
  const timeout = o.timeout ?? 8000;
  const interval = o.interval ?? 25;
  const end = Date.now() + timeout;
  for (;;) {
    let lastError: unknown = null;
    try {
      const value = await probe();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > end)
      throw new Error(
        `timed out after ${timeout} ms waiting for ${o.label ?? 'condition'}` +
          (lastError ? ` (last error: ${String((lastError as Error)?.message ?? lastError)})` : ''),
      );
    await sleep(interval);
  }
}

/** How long a test's app, queue or redis-server may take to close (well under Jest's hook timeout). */
export const CLOSE_MS = Number(process.env.TEST_CLOSE_MS) || 30_000;

/**
 * Runs `close` and waits at most `ms` for it. On timeout `force` (when given) runs — kill the
 * process, drop the connections — and the promise rejects naming `label`, so the hook that called
 * it fails with that name rather than hanging.
 */
export async function closeWithin(
  ms: number,
  label: string,
  close: () => unknown,
  force?: () => unknown,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    const outcome = await Promise.race([Promise.resolve().then(close), timedOut]);
    if (outcome !== 'timeout') return;
  } finally {
    clearTimeout(timer);
  }
  try {
    await force?.();
  } catch {
    // forcing is best effort; the error below names what hung
  }
  throw new Error(`${label} did not close within ${ms} ms`);
}

/** Closes each of `closers` in turn, each within CLOSE_MS; every one is tried, the first error is thrown. */
export async function closeAll(
  ...closers: Array<[label: string, close: () => unknown, force?: () => unknown] | null | undefined>
): Promise<void> {
  let first: unknown = null;
  for (const c of closers) {
    if (!c) continue;
    try {
      await closeWithin(CLOSE_MS, c[0], c[1], c[2]);
    } catch (error) {
      first ??= error;
    }
  }
  if (first) throw first;
}

/** Whether nothing listens on `port` of 127.0.0.1 (a killed server's port is free again). */
export function portFree(port: number | string): Promise<boolean> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const net = require('node:net') as typeof import('node:net');
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(Number(port), '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}
