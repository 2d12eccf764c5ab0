// Shared helpers for the benchmarks: throwaway database, the built server, percentiles.
const fs = require('node:fs');
const { setInterval, clearInterval } = require('node:timers');
const path = require('node:path');
const { createThrowawayDatabase, dropDatabase } = require('../support-db.js');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

// The built server of this worktree, or with `--root DIR` of another one (a commit to compare
// with, built there: the same bench then measures both).
const root = path.resolve(arg('root', null) ?? path.join(__dirname, '..', '..'));
const dist = (p) => path.join(root, 'dist', 'server', 'src', p);

function percentiles(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return { n: s.length, mean, p50: at(50), p95: at(95), p99: at(99), max: s[s.length - 1] };
}

const fmt = (x) => `${x.toFixed(2)} ms`;
function report(label, stats) {
  console.log(
    `${label.padEnd(28)} n=${stats.n}  p50 ${fmt(stats.p50)}  p95 ${fmt(stats.p95)}  p99 ${fmt(stats.p99)}  max ${fmt(stats.max)}  mean ${fmt(stats.mean)}`,
  );
}

/** A database for the run: an existing one (--database-url) or a throwaway one dropped after. */
async function benchDatabase() {
  const given = arg('database-url', process.env.BENCH_DATABASE_URL);
  if (given) return { url: given, drop: async () => undefined, fresh: false };
  const db = await createThrowawayDatabase('pos_bench', { durable: true });
  return { url: db.url, drop: () => dropDatabase(db.name), fresh: true };
}

async function signIn(base, username, password) {
  const jar = {};
  const cookie = () =>
    Object.entries(jar)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  const keep = (res) => {
    for (const c of res.headers.getSetCookie?.() ?? []) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar[pair.slice(0, i)] = pair.slice(i + 1);
    }
  };
  let res = await fetch(`${base}/api/auth/csrf`);
  keep(res);
  const { csrfToken } = await res.json();
  res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie() },
    body: new URLSearchParams({ csrfToken, callbackUrl: '/', json: 'true', username, password }),
  });
  keep(res);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return { cookie: cookie(), csrfToken };
}

/**
 * The node options every server launch gives (package.json's start scripts, the Dockerfile):
 * V8's memory reducer off (docs/decisions/0139).
 */
const SERVER_NODE_FLAGS = ['--no-memory-reducer'];

/** BENCH_SERVER_GROUP_NICE as a number, or null (unset: the server stays in the bench's group). */
const GROUP_NICE = (() => {
  const v = process.env.BENCH_SERVER_GROUP_NICE;
  if (v === undefined || v === '') return null;
  const n = Number(v);
  if (!Number.isInteger(n) || n < -20 || n > 19)
    throw new Error(`BENCH_SERVER_GROUP_NICE: an integer from -20 to 19, not ${v}`);
  return n;
})();

/**
 * The built server in its own process (so the load generator does not share its event loop), on
 * `port`; with `profileDir`, a V8 CPU profile of it is written there; `preload`: modules it loads
 * first (`node -r`, e.g. the statement counter). Resolves with the child.
 */
function startServerProcess(url, port, profileDir = null, preload = []) {
  const { spawn } = require('node:child_process');
  const code = `
    process.env.LOG_LEVEL = 'silent';
    require(${JSON.stringify(dist('bootstrap.js'))}).startServer({ databaseUrl: ${JSON.stringify(url)}, port: ${port} })
      .then((s) => { process.send('ready'); process.on('SIGTERM', () => s.close().then(() => process.exit(0))); })
      .catch((e) => { console.error(e); process.exit(1); });`;
  const child = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      // BENCH_SERVER_NODE_ARGS: more options for the server's node (V8 flags, say), space-separated
      ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
      ...preload.flatMap((m) => ['-r', m]),
      '-e',
      code,
    ],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, DATABASE_URL: url },
      // BENCH_SERVER_GROUP_NICE: the server in its own session, so its own scheduling group (the
      // kernel's autogroup), with that nice (-20..19; -10 weighs it ≈ 9 × a group at 0, as a
      // service's cgroup CPU weight would): stop 58 in docs/benchmarks.md.
      detached: GROUP_NICE !== null,
    },
  );
  if (GROUP_NICE !== null) fs.writeFileSync(`/proc/${child.pid}/autogroup`, String(GROUP_NICE));
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (c) => reject(new Error(`server exited (${c})`)));
  });
}

/** Stops a server started with startServerProcess. */
async function stopServerProcess(child) {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/**
 * The built server as deployed (dist/server/src/main.js, its own process) on `port`, once
 * /api/health answers, with `env` added to this process's. Resolves with { pid, close, kill }.
 */
async function startBuiltServer(databaseUrl, port, env = {}) {
  const { spawn } = require('node:child_process');
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, dist('main.js')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      return {
        pid: child.pid,
        close: async () => {
          child.kill('SIGTERM');
          await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
          if (child.exitCode === null) child.kill('SIGKILL');
        },
        /** SIGKILL, as a crash: resolves once the process is gone. */
        kill: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          await exited;
        },
      };
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become healthy in 120 s');
}

/**
 * CPU ms used so far by each process with this command name (redis-server), or with `database` by
 * each PostgreSQL backend connected to that database only (other work on the machine left out):
 * pid → ms.
 */
function cpuByProcess(name, database = null) {
  const out = new Map();
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (comm !== name) continue;
      if (database && !fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `))
        continue;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, (Number(f[11]) + Number(f[12])) * 10);
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/** CPU ms used so far by all those processes (see cpuByProcess). */
const cpuOf = (name, database = null) =>
  [...cpuByProcess(name, database).values()].reduce((a, b) => a + b, 0);

/**
 * CPU ms those processes use from now until `stop()`, sampled every 200 ms: a process that ends
 * meanwhile (a pool's idle backend) counts up to its last sample, one that starts counts from 0 —
 * where cpuOf at both ends would lose the first and count the second whole.
 */
function trackCpu(name, database = null) {
  const from = cpuByProcess(name, database);
  const last = new Map(from);
  const sample = () => {
    for (const [pid, ms] of cpuByProcess(name, database)) last.set(pid, ms);
  };
  const timer = setInterval(sample, 200);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      let ms = 0;
      for (const [pid, at] of last) ms += at - (from.get(pid) ?? 0);
      return ms;
    },
  };
}

/** The machine's busy share since `since` (from /proc/stat), or a starting point when called without. */
function machineCpu(since) {
  const [, ...f] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const n = f.map(Number);
  const idle = n[3] + n[4];
  const total = n.reduce((a, b) => a + b, 0);
  if (!since) return { idle, total };
  return `${(100 * (1 - (idle - since.idle) / (total - since.total))).toFixed(0)} %`;
}

/** CPU time (user + system) the process has used, in ms (Linux clock ticks are 1/100 s). */
const cpuMs = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

module.exports = {
  cpuOf,
  trackCpu,
  machineCpu,
  cpuMs,
  startBuiltServer,
  root,
  dist,
  arg,
  percentiles,
  report,
  benchDatabase,
  signIn,
  startServerProcess,
  SERVER_NODE_FLAGS,
  stopServerProcess,
};
