import { Backoffs, type BackoffStrategy, type JobsOptions } from 'bullmq';
import { EtaHttpError } from '../eta/eta-client';

// ETA's retry timing (issue 31 item 4) on BullMQ's own back-off: its exponential strategy
// (2 s × 2ⁿ⁻¹) capped at 10 min, or ETA's Retry-After when it gave one. The same strategy times
// the worker's jobs (a pass that throws is retried by BullMQ, `attempts` + `backoff`), each
// receipt's and document's next submission (kept on its row: it must outlive a restart), and
// the status polls while ETA is unreachable.

export type EtaWorkerSettings = {
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  pollMs: number;
  timeoutMs: number;
};

export function etaWorkerSettings(env: NodeJS.ProcessEnv = process.env): EtaWorkerSettings {
  const num = (k: string, d: number) => (env[k] ? Number(env[k]) : d);
  return {
    maxAttempts: num('ETA_MAX_ATTEMPTS', 8),
    retryBaseMs: num('ETA_RETRY_BASE_MS', 2000),
    retryMaxMs: num('ETA_RETRY_MAX_MS', 600_000),
    pollMs: num('ETA_POLL_MS', 3000),
    timeoutMs: num('ETA_TIMEOUT_MS', 30_000),
  };
}

/** The name of the custom strategy the worker registers (`backoff: { type: ETA_BACKOFF }`). */
export const ETA_BACKOFF = 'eta';

/**
 * Back-off after a transient failure (attempt n = 1, 2, …): BullMQ's exponential delay from
 * `retryBaseMs`, capped at `retryMaxMs`, or ETA's Retry-After when it gave one. Past `maxAttempts`
 * the row is a dead letter and waits the cap.
 */
export function backoffMs(attempts: number, s: EtaWorkerSettings, retryAfterMs: number | null) {
  if (retryAfterMs !== null) return Math.min(s.retryMaxMs, Math.max(retryAfterMs, 0));
  if (attempts >= s.maxAttempts) return s.retryMaxMs;
  const exponential = Backoffs.builtinStrategies.exponential(s.retryBaseMs);
  return Math.min(s.retryMaxMs, Number(exponential(Math.max(1, attempts), 'exponential')));
}

/** The worker's strategy for its own jobs: the same timing, ETA's Retry-After honoured. */
export const etaBackoffStrategy =
  (settings: () => EtaWorkerSettings): BackoffStrategy =>
  (attemptsMade, _type, err) =>
    backoffMs(
      Math.min(attemptsMade, settings().maxAttempts - 1),
      settings(),
      err instanceof EtaHttpError ? err.retryAfterMs : null,
    );

/** A worker job's retry options: a pass that throws runs again after the back-off. */
export const etaJobRetry = (
  s: EtaWorkerSettings = etaWorkerSettings(),
): Pick<JobsOptions, 'attempts' | 'backoff'> => ({
  attempts: s.maxAttempts,
  backoff: { type: ETA_BACKOFF },
});

/**
 * The status polls' back-off per key (a POS serial, the documents): while ETA is unreachable the
 * next poll waits like a submission would; an answer resets it.
 */
export class PollBackoff {
  private readonly held = new Map<string, { failures: number; until: number }>();

  constructor(private readonly settings: () => EtaWorkerSettings) {}

  /** Whether a poll for `key` may go at `now`. */
  due(key: string, now: number): boolean {
    const held = this.held.get(key);
    return !held || held.until <= now;
  }

  /** A poll that failed: transient failures hold the next one back; returns whether it held. */
  failed(key: string, now: number, err: unknown): boolean {
    if (!(err instanceof EtaHttpError) || err.kind !== 'transient') return false;
    const failures = (this.held.get(key)?.failures ?? 0) + 1;
    this.held.set(key, {
      failures,
      until: now + backoffMs(failures, this.settings(), err.retryAfterMs),
    });
    return true;
  }

  answered(key: string): void {
    this.held.delete(key);
  }

  /** Milliseconds until the next poll for `key`: the regular interval, or the back-off's wait. */
  next(key: string, now: number): number {
    const held = this.held.get(key);
    return held ? Math.max(0, held.until - now) : this.settings().pollMs;
  }
}

/** The SET of a batch ETA refused as a whole (its errors as $3). */
export const BATCH_REJECTED = 'errors = $3::jsonb, submit_started_at = NULL, last_error = NULL';

/**
 * A batch's POST failed. A validation error rejects the whole batch (`reject` with ETA's messages,
 * or the HTTP status as one; true: the next batch may be ready). Anything else is transient: the
 * mark is kept when the request may have reached ETA (a network error: the next run reconciles it)
 * and cleared for 429 / 5xx, which ETA did not process (false).
 */
export async function failedBatch(
  e: unknown,
  reject: (errors: string) => Promise<unknown>,
  transient: (err: Error, clearMark: boolean) => Promise<void>,
): Promise<boolean> {
  const err = e as Error;
  if (err instanceof EtaHttpError && err.kind === 'validation') {
    const errors = err.errors.length
      ? err.errors
      : [{ code: String(err.status), message: err.message }];
    await reject(JSON.stringify(errors));
    return true;
  }
  const reached = !(err instanceof EtaHttpError) || err.status === 0;
  await transient(err, !reached);
  return false;
}
