/* global __filename */
// `npm run bench -- push [--rate 200] [--seconds 15] [--database-url URL]`
// Live-event latency, commit → socket.io client, across two app instances: instances A and B run
// as separate processes on one PostgreSQL and one Redis; the bench commits outbox rows at `rate`
// events/s with the same SQL as OutboxService.add (INSERT + pg_notify in one transaction) and
// times each from COMMIT acknowledged to its arrival on a socket connected to instance B (and one
// on A). Baselines in the same run, same rate: a raw Redis PUBLISH → subscriber round trip, and a
// raw PostgreSQL NOTIFY → LISTEN round trip (the two hops the pipeline is made of).
const { fork } = require('node:child_process');
const { performance } = require('node:perf_hooks');
const { Client, Pool } = require('pg');
const { arg, benchDatabase, dist, percentiles, report, signIn } = require('./lib');

const ADMIN_PASSWORD = 'bench-push-123';

// ---- child mode: one app instance -----------------------------------------------------------
if (process.argv.includes('--instance')) {
  const port = Number(arg('port'));
  const { startServer } = require(dist('bootstrap.js'));
  startServer({ databaseUrl: process.env.DATABASE_URL, port }).then(
    (server) => {
      process.send({ ready: port });
      process.on('message', async (m) => {
        if (m === 'stop') {
          await server.close().catch(() => undefined);
          process.exit(0);
        }
      });
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
  return;
}

const RATE = Number(arg('rate', '200'));
const SECONDS = Number(arg('seconds', '15'));
const WARMUP = Math.round(RATE); // the first second is not counted
const net = require('node:net');
/** A port nobody listens on now (other benches and servers may run on this machine). */
const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
const TARGET_P95 = 50;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function startInstance(port, env) {
  return new Promise((resolve, reject) => {
    const child = fork(__filename, ['--instance', '--port', String(port)], {
      env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m) =>
      m && m.ready ? resolve(child) : reject(new Error('bad message')),
    );
    child.once('exit', (code) => reject(new Error(`instance on ${port} exited with ${code}`)));
  });
}

function stopInstance(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.send('stop');
  });
}

/** Fire `count` jobs at `rate`/s on a fixed schedule (a slow one does not delay the next). */
async function paced(count, rate, job) {
  const start = performance.now();
  const running = [];
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    running.push(job(i));
  }
  await Promise.all(running);
}

async function waitUntil(probe, ms) {
  const end = Date.now() + ms;
  while (!probe() && Date.now() < end) await sleep(20);
}

async function redisBaseline(url, count) {
  const Redis = require('ioredis');
  const pub = new Redis(url);
  const sub = new Redis(url);
  const channel = `bench:push:${process.pid}`;
  const sent = new Map();
  const samples = [];
  await sub.subscribe(channel);
  sub.on('message', (_c, m) => {
    const t0 = sent.get(m);
    if (t0 !== undefined) samples.push(performance.now() - t0);
  });
  await paced(count, RATE, async (i) => {
    const m = `${i}:${'x'.repeat(200)}`; // about an event's size
    sent.set(m, performance.now());
    await pub.publish(channel, m);
  });
  await waitUntil(() => samples.length >= count, 3000);
  pub.disconnect();
  sub.disconnect();
  return samples.slice(WARMUP);
}

async function notifyBaseline(url, count) {
  const listener = new Client({ connectionString: url });
  const notifier = new Pool({ connectionString: url, max: 8 });
  await listener.connect();
  await listener.query('LISTEN bench_push');
  // A notification can be handled before the notifier has processed its COMMIT reply: record
  // both times and pair them afterwards.
  const sent = new Map();
  const got = new Map();
  listener.on('notification', (n) => got.set(n.payload, performance.now()));
  await paced(count, RATE, async (i) => {
    const c = await notifier.connect();
    try {
      await c.query('BEGIN');
      await c.query('SELECT pg_notify($1, $2)', ['bench_push', String(i)]);
      await c.query('COMMIT');
      sent.set(String(i), performance.now());
    } finally {
      c.release();
    }
  });
  await waitUntil(() => got.size >= count, 3000);
  await listener.end();
  await notifier.end();
  const samples = [];
  for (let i = WARMUP; i < count; i++) {
    const t0 = sent.get(String(i));
    const t1 = got.get(String(i));
    if (t0 !== undefined && t1 !== undefined) samples.push(Math.max(0, t1 - t0));
  }
  return samples;
}

async function main() {
  const PORTS = arg('port') ? [Number(arg('port')), Number(arg('port')) + 1] : [await freePort()];
  while (PORTS.length < 2) {
    const port = await freePort();
    if (port !== PORTS[0]) PORTS.push(port);
  }
  const db = await benchDatabase();
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const env = {
    ...process.env,
    DATABASE_URL: db.url,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD,
    DB_POOL_SIZE: '10',
  };
  const children = [];
  let failed;
  try {
    // A first (migrates, seeds the first start), then B.
    children.push(await startInstance(PORTS[0], env));
    children.push(await startInstance(PORTS[1], env));
    const { io } = require('socket.io-client');
    const { v7: uuidv7 } = await import('uuid');
    const sockets = [];
    for (const port of PORTS) {
      const { cookie } = await signIn(`http://127.0.0.1:${port}`, 'admin', ADMIN_PASSWORD);
      const socket = io(`http://127.0.0.1:${port}`, {
        transports: ['websocket'],
        extraHeaders: { cookie },
        reconnection: false,
      });
      await new Promise((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      sockets.push(socket);
    }
    const pg = new Pool({ connectionString: db.url, max: 10 });
    const [{ id: branchId }] = (
      await pg.query('SELECT id FROM branches ORDER BY created_at LIMIT 1')
    ).rows;
    const total = RATE * SECONDS;
    const committedAt = new Map();
    const received = [new Map(), new Map()];
    sockets.forEach((socket, k) =>
      socket.on('live', (e) => {
        if (!received[k].has(e.id)) received[k].set(e.id, performance.now());
      }),
    );
    const payload = JSON.stringify({
      variantId: '00000000-0000-7000-8000-000000000000',
      inventoryId: '00000000-0000-7000-8000-000000000000',
      onHand: 1,
      reserved: 0,
    });

    console.log(
      `push: ${total} events at ${RATE}/s for ${SECONDS} s, instances on ${PORTS.join(' and ')}, one socket on each`,
    );
    const wall = performance.now();
    await paced(total, RATE, async (i) => {
      const id = uuidv7();
      const c = await pg.connect();
      try {
        await c.query('BEGIN');
        // One event in its own batch, as a command with one event writes it (decision 0130).
        await c.query(
          `INSERT INTO outbox_batches (id, events)
           VALUES ($1, jsonb_build_array(jsonb_build_object('id', $1::uuid, 'type', $2::text, 'branchId', $3::uuid, 'payload', $4::jsonb)))`,
          [id, 'stock.changed', branchId, payload],
        );
        await c.query(`SELECT pg_notify('outbox', $1)`, [branchId]);
        await c.query('COMMIT');
        committedAt.set(id, { t: performance.now(), wall: Date.now(), i });
      } finally {
        c.release();
      }
    });
    const elapsed = (performance.now() - wall) / 1000;
    await waitUntil(() => received.every((r) => r.size >= total), 10_000);
    const latencies = received.map((r) => {
      const out = [];
      for (const [id, { t, i }] of committedAt) {
        if (i < WARMUP) continue;
        const at = r.get(id);
        if (at !== undefined) out.push(Math.max(0, at - t));
      }
      return out;
    });
    const lost = received.map((r) => total - r.size);
    for (const s of sockets) s.close();
    const stamps = (
      await pg.query(
        'SELECT id, extract(epoch FROM published_at) * 1000 AS at FROM outbox WHERE published_at IS NOT NULL',
      )
    ).rows;
    const published = stamps.length;
    // published_at is the start of the relay's pass (its transaction's now()): commit → relay read.
    const toRelay = [];
    for (const r of stamps) {
      const c = committedAt.get(r.id);
      if (c && c.i >= WARMUP) toRelay.push(Math.max(0, Number(r.at) - c.wall));
    }
    await pg.end();

    console.log(
      `committed ${total} in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(0)}/s); stamped published: ${published}; lost: B ${lost[1]}, A ${lost[0]}`,
    );
    const redis = await redisBaseline(redisUrl, total);
    const notify = await notifyBaseline(db.url, total);
    const onB = percentiles(latencies[1]);
    const onA = percentiles(latencies[0]);
    console.log('');
    report('commit → socket on B', onB);
    report('commit → socket on A', onA);
    report('  commit → relay pass start', percentiles(toRelay));
    report('baseline Redis pub/sub', percentiles(redis));
    report('baseline pg NOTIFY→LISTEN', percentiles(notify));
    const load = require('node:os')
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ');
    console.log(
      `machine: ${require('node:os').cpus().length} cores, load average ${load} (other work on the machine inflates the tails)`,
    );
    const ok = onB.p95 < TARGET_P95 && lost.every((l) => l === 0);
    console.log(`\ntarget p95 < ${TARGET_P95} ms across instances: ${ok ? 'met' : 'NOT met'}`);
    failed = !ok;
  } catch (error) {
    console.error(error);
    failed = true;
  } finally {
    await Promise.all(children.map(stopInstance));
    await db.drop().catch((e) => console.error(e.message));
  }
  process.exit(failed ? 1 : 0);
}

main();
