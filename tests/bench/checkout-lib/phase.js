// A measured phase of a bench that sells through the API (issue 37): it starts once the relay has
// published the events of the phases before, and says the relay's backlog, the server's event-loop
// delay (from /metrics) and its main thread's time on a CPU and waiting for one during it. Shared by
// the checkout and cluster benches.
const fs = require('node:fs');
const { performance } = require('node:perf_hooks');

/**
 * A process's main thread as the kernel's scheduler counts it (/proc/PID/schedstat): ns on a CPU and
 * ns runnable but waiting for one, or null (not Linux, or the process gone). The server's JavaScript
 * runs on that one thread, so its waiting is time no sale moves.
 */
function schedstat(pid) {
  try {
    const [run, wait] = fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return { run, wait };
  } catch {
    return null;
  }
}

/**
 * The server's /metrics as `name{labels}` → value, or null (a `--root` build from before the
 * endpoint). Each scrape resets the event-loop delay's histogram, so a scrape at a phase's start and
 * one at its end give that phase's delays.
 */
async function scrapeMetrics(base) {
  try {
    const res = await fetch(`${base}/metrics`);
    if (!res.ok) return null;
    const out = {};
    for (const line of (await res.text()).split('\n')) {
      if (!line || line.startsWith('#')) continue;
      const at = line.lastIndexOf(' ');
      out[line.slice(0, at)] = Number(line.slice(at + 1));
    }
    return out;
  } catch {
    return null;
  }
}

/**
 * Events committed and not yet published by the server's relay: read as the relay reads them, by
 * an index scan of the partial index of unpublished rows, without parallel workers. The planner's
 * own choice (this machine's PostgreSQL runs with autovacuum off) was a parallel bitmap scan, which
 * visits the dead index entry of every row published so far: after 30,000 sales 35–45 ms of
 * PostgreSQL a poll, growing with each sale, four polls a second during a phase, counted as the
 * API's CPU (decision 0136). An index scan kills the entries it passes, so the next poll skips them.
 * The build's table: `outbox_batches` since decision 0130, `outbox` before.
 */
async function outboxBacklog(pg) {
  pg.outboxCount ??= (await pg.query(`SELECT to_regclass('outbox_batches') IS NOT NULL AS batches`))
    .rows[0].batches
    ? 'SELECT COALESCE(sum(jsonb_array_length(events)), 0)::int AS n FROM outbox_batches WHERE published_at IS NULL'
    : 'SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL';
  const results = await pg.query(
    `BEGIN; SET LOCAL enable_bitmapscan = off; SET LOCAL max_parallel_workers_per_gather = 0; ${pg.outboxCount}; COMMIT`,
  );
  return results[3].rows[0].n;
}

/**
 * Runs one measured phase (issue 37): first waits until the relay has published every event of the
 * phases before (so no phase pays for another's backlog), then runs `fn` while sampling the relay's
 * backlog every 250 ms, and reads the server's event-loop delay over the phase from /metrics.
 * `base`: the server's URL, or several servers' (then `loop` is the one with the worst p99, and
 * `loops` each one's). `pid` (or null): the server's process; its main thread's time on a CPU and
 * waiting for one over the phase is `thread` (shares of the phase's wall time).
 */
async function phase(pg, base, pid, fn) {
  const bases = [base].flat();
  const t0 = performance.now();
  const waited = await outboxBacklog(pg);
  let left = waited;
  while (left > 0 && performance.now() - t0 < 120_000) {
    await new Promise((r) => setTimeout(r, 100));
    left = await outboxBacklog(pg);
  }
  const drain = { waited, left, seconds: (performance.now() - t0) / 1000 };
  await Promise.all(bases.map(scrapeMetrics));
  const sched0 = pid ? schedstat(pid) : null;
  const wall0 = performance.now();
  const backlog = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      backlog.push(await outboxBacklog(pg));
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const result = await fn();
  const sched1 = pid ? schedstat(pid) : null;
  const wallNs = (performance.now() - wall0) * 1e6;
  const thread =
    sched0 && sched1
      ? { run: (sched1.run - sched0.run) / wallNs, wait: (sched1.wait - sched0.wait) / wallNs }
      : null;
  sampling = false;
  await sampler;
  const loops = (await Promise.all(bases.map(scrapeMetrics))).map((m) => {
    const ms = (name) => (m && name in m ? m[name] * 1000 : null);
    return m
      ? {
          p50: ms('nodejs_eventloop_lag_p50_seconds'),
          p99: ms('nodejs_eventloop_lag_p99_seconds'),
          max: ms('nodejs_eventloop_lag_max_seconds'),
        }
      : null;
  });
  const worst = loops.reduce((a, b) => (b && (!a || b.p99 > a.p99) ? b : a), null);
  return {
    result,
    drain,
    backlog: {
      mean: backlog.reduce((a, b) => a + b, 0) / Math.max(1, backlog.length),
      max: Math.max(0, ...backlog),
    },
    loop: worst,
    loops,
    thread,
  };
}

/** One line on a phase's conditions: the drain before it, the relay's backlog and the event loop. */
function phaseLine(label, p) {
  const drained =
    p.drain.waited === 0
      ? 'outbox empty at the start'
      : `outbox drained first (${p.drain.waited} events, ${p.drain.seconds.toFixed(1)} s${p.drain.left ? `, ${p.drain.left} STILL WAITING after 120 s` : ''})`;
  const loop = p.loop
    ? `server event-loop delay p50 ${p.loop.p50.toFixed(1)}, p99 ${p.loop.p99.toFixed(1)}, max ${p.loop.max.toFixed(1)} ms`
    : 'server event-loop delay not available (no /metrics)';
  const thread = p.thread
    ? `; server main thread on a CPU ${(p.thread.run * 100).toFixed(0)} %, waiting for one ${(p.thread.wait * 100).toFixed(0)} % of the phase`
    : '';
  return `    ${label.padEnd(9)} ${drained}; relay backlog mean ${p.backlog.mean.toFixed(1)}, max ${p.backlog.max}; ${loop}${thread}`;
}

module.exports = { scrapeMetrics, outboxBacklog, phase, phaseLine };
