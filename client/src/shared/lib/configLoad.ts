// Loading the public configuration (GET /api/config) next to the session. The route guard needs
// its enabled modules for module-gated routes (/E-invoices needs Einvoice), so a signed-in user's
// page is decided only once the configuration has answered — or has failed for good enough to say
// so. Pure rules here; the effect lives in app/session/SessionEffects.tsx.

export type SessionStatusLike = 'loading' | 'authenticated' | 'unauthenticated';
/** `failed`: the first attempts failed and it was reported; retries go on in the background. */
export type ConfigStatus = 'loading' | 'loaded' | 'failed';

/** Failed attempts after which the guard stops waiting and the failure is reported (once). */
export const CONFIG_FAILURES_BEFORE_REPORT = 2;
export const CONFIG_RETRY_BASE_MS = 1000;
export const CONFIG_RETRY_MAX_MS = 30_000;

export type ConfigFailurePlan = {
  /** Status to show after this failure (a `loaded` configuration is never downgraded). */
  status: ConfigStatus;
  /** Try again after this many milliseconds. */
  retryInMs: number;
  /** Tell the user now (exactly once per page load). */
  report: boolean;
};

/** What to do after the `failures`-th failed attempt in a row (1-based). */
export function afterConfigFailure(failures: number, current: ConfigStatus): ConfigFailurePlan {
  const n = Math.max(1, Math.floor(failures));
  const retryInMs = Math.min(CONFIG_RETRY_BASE_MS * 2 ** (n - 1), CONFIG_RETRY_MAX_MS);
  const givingUp = n >= CONFIG_FAILURES_BEFORE_REPORT;
  return {
    status: current === 'loaded' ? 'loaded' : givingUp ? 'failed' : 'loading',
    retryInMs,
    report: n === CONFIG_FAILURES_BEFORE_REPORT && current !== 'loaded',
  };
}

/**
 * Whether the route guard may decide: never while the session loads; a guest's routes do not
 * depend on modules; a signed-in user's do, so also wait for the configuration.
 */
export function guardReady(session: SessionStatusLike, config: ConfigStatus): boolean {
  if (session === 'loading') return false;
  if (session === 'unauthenticated') return true;
  return config !== 'loading';
}
