// The production topology of decision 0122 as processes, for the benches (the chaos test,
// tests/reliability/cluster.spec.ts, runs the same): up to three built app instances on one
// database, a redis-server of the run's own, and Debian's HAProxy from deploy/haproxy.cfg in front.
// An instance not started is simply down for HAProxy (its health check fails).
const net = require('node:net');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { arg, root, startBuiltServer } = require('../lib');

/** `--ports P` (3780): HAProxy P, the instances P+1..P+3, Prometheus P+6, Redis P+7. */
const P = Number(arg('ports', '3780'));
const PORTS = { lb: P, instances: [P + 1, P + 2, P + 3], prometheus: P + 6, redis: P + 7 };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` every 100 ms until it resolves true, at most `ms`. */
async function waitUntil(label, ms, probe) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await probe().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${label}: not within ${ms} ms`);
}

/** PING on a raw connection: true once Redis answers PONG. */
const redisPing = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
  });

/** A child that may be stopped once: SIGTERM (or `signal`), then SIGKILL after 10 s. */
function stoppable(child) {
  const exited = new Promise((r) => child.once('exit', r));
  return {
    pid: child.pid,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    },
  };
}

/**
 * `ports`: { lb, instances: [p1, p2, p3], redis }. `start(k, env)` starts instance k (0-based),
 * with `env` added, and resolves once it answers; HAProxy sends it work once two probes passed
 * (≈ 2 s). `stopInstance(k)` stops it (SIGTERM: it drains).
 */
async function startTopology(databaseUrl, ports) {
  const redis = stoppable(
    spawn(
      'redis-server',
      ['--port', String(ports.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    ),
  );
  await waitUntil('redis-server', 5000, () => redisPing(ports.redis));
  const redisUrl = `redis://127.0.0.1:${ports.redis}`;
  const instances = ports.instances.map(() => null);
  const url = (k) => `http://127.0.0.1:${ports.instances[k]}`;
  const start = async (k, env = {}) => {
    instances[k] = await startBuiltServer(databaseUrl, ports.instances[k], {
      REDIS_URL: redisUrl,
      TRUST_PROXY: '1',
      ...env,
    });
    return instances[k];
  };
  const haproxy = stoppable(
    spawn('haproxy', ['-db', '-f', path.join(root, 'deploy', 'haproxy.cfg')], {
      env: {
        ...process.env,
        LB_BIND: `127.0.0.1:${ports.lb}`,
        POS_1: `127.0.0.1:${ports.instances[0]}`,
        POS_2: `127.0.0.1:${ports.instances[1]}`,
        POS_3: `127.0.0.1:${ports.instances[2]}`,
      },
      stdio: 'ignore',
    }),
  );
  const lb = `http://127.0.0.1:${ports.lb}`;
  return {
    lb,
    url,
    instances,
    redis,
    haproxy,
    start,
    /** Resolves once HAProxy answers /health/ready (an instance is up behind it). */
    ready: () =>
      waitUntil('HAProxy to answer /health/ready', 30_000, async () => {
        const res = await fetch(`${lb}/health/ready`);
        return res.ok;
      }),
    stopInstance: async (k) => {
      await instances[k]?.close();
      instances[k] = null;
    },
    stop: async () => {
      await haproxy.stop('SIGKILL');
      await Promise.all(instances.map((s) => s?.close()));
      await redis.stop('SIGKILL');
    },
  };
}

module.exports = { PORTS, startTopology, stoppable, waitUntil, sleep };
