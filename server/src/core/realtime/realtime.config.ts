// Redis names of the live-event pipeline. They include the database name by default, so two apps on
// one Redis with different databases (a dev server and a test run, parallel test runs) never see
// each other's events; REALTIME_PREFIX overrides.
export type RealtimeNames = {
  /** pub/sub channel the outbox relay publishes committed events to */
  channel: string;
  /** key prefix of the socket.io Redis adapter (rooms shared by every app instance) */
  adapterKey: string;
};

export function realtimeNames(
  databaseUrl: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): RealtimeNames {
  let prefix = env.REALTIME_PREFIX;
  if (!prefix) {
    let db = 'pos';
    try {
      db = decodeURIComponent(new URL(databaseUrl ?? '').pathname.replace(/^\//, '')) || 'pos';
    } catch {
      // not a URL: keep the default
    }
    prefix = `pos:${db}`;
  }
  return { channel: `${prefix}:live`, adapterKey: `${prefix}:sio` };
}

const num = (value: string | undefined, fallback: number) =>
  value && Number(value) > 0 ? Number(value) : fallback;

/** Timings, tunable from the environment (tests shorten them). */
export const realtimeTimings = () => ({
  /** the relay's sweep for missed notifications and the backlog after a Redis outage */
  sweepMs: num(process.env.OUTBOX_SWEEP_MS, 1000),
  /**
   * the shortest time between two relay passes: the notifications of the sales committed meanwhile
   * go out together in the next pass (at 100 sales/s, 40 passes instead of 100; issue 21)
   */
  passGapMs: num(process.env.OUTBOX_PASS_GAP_MS, 25),
  /** how often each instance re-checks the sessions of its sockets (revocation, role changes) */
  sessionCheckMs: num(process.env.REALTIME_SESSION_CHECK_MS, 5000),
  /** published outbox rows are kept this long, then deleted */
  retentionHours: num(process.env.OUTBOX_RETENTION_HOURS, 24),
});
