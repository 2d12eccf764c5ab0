// `npm run bench -- replica [--sales 20000] [--variants 2000] [--reports 40] [--concurrency 4]
//   [--lag-samples 20] [--ports 3800] [--pg-port 5440]`
// Decision 0127: where the reports' work lands with and without DATABASE_READ_URL, and how far
// the replica trails. A PostgreSQL primary and its streaming replica of the run's own
// (tests/support-pg-pair.js: initdb + pg_basebackup -R, nothing of the machine's PostgreSQL),
// the demo data and a sales history (seed:large), then the built server twice — without and with
// DATABASE_READ_URL — each answering `--reports` report requests (SalesByProduct and Sales by day
// over the history's 90 days, `--concurrency` at a time). It prints the reports' latency and the
// CPU the primary's and the replica's PostgreSQL processes spent on them, then the replica's lag
// as a till sees it: a sale answered 201 → the report (served by the replica) counts it.
// On one box both PostgreSQLs share the same cores: what the bench shows is where the work goes
// (off the primary), not a throughput gain — that needs the replica on its own machine.
const fs = require('node:fs');
const path = require('node:path');
const { randomUUID } = require('node:crypto');
const { spawnSync } = require('node:child_process');
const { performance } = require('node:perf_hooks');
const { Client } = require('pg');
const { arg, percentiles, root, signIn, startBuiltServer } = require('./lib');
const { startPair } = require('../support-pg-pair.js');

const SALES = Number(arg('sales', '20000'));
const VARIANTS = Number(arg('variants', '2000'));
const REPORTS = Number(arg('reports', '40'));
const CONCURRENCY = Number(arg('concurrency', '4'));
const LAG_SAMPLES = Number(arg('lag-samples', '20'));
const APP_PORT = Number(arg('ports', '3800'));
const PG_PORT = Number(arg('pg-port', '5440'));
const DB = 'pos_bench_replica';
const dist = (p) => path.join(root, 'dist', 'server', 'src', p);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** CPU ms so far of a PostgreSQL cluster: its postmaster and every child of it. */
function clusterCpu(dataDir) {
  const postmaster = Number(
    fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  let ms = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pid) !== postmaster && Number(f[1]) !== postmaster) continue;
      ms += (Number(f[11]) + Number(f[12])) * 10;
    } catch {
      // ended meanwhile
    }
  }
  return ms;
}

async function reportBurst(base, session, dirs) {
  const month = (d) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
  const paths = [
    `/api/Reports/SalesByProduct?from=${month(90)}&to=${month(0)}&limit=50`,
    `/api/Reports/Sales?from=${month(90)}&to=${month(0)}&groupBy=day`,
  ];
  // one untimed request of each (plans, caches)
  for (const p of paths) await fetch(base + p, { headers: { cookie: session.cookie } });
  const cpu0 = { primary: clusterCpu(dirs.primary), replica: clusterCpu(dirs.replica) };
  const times = [];
  let next = 0;
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (;;) {
        const i = next++;
        if (i >= REPORTS) return;
        const t = performance.now();
        const res = await fetch(base + paths[i % paths.length], {
          headers: { cookie: session.cookie },
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`report: ${res.status}`);
        times.push(performance.now() - t);
      }
    }),
  );
  return {
    seconds: (Date.now() - t0) / 1000,
    latency: percentiles(times),
    primaryCpu: clusterCpu(dirs.primary) - cpu0.primary,
    replicaCpu: clusterCpu(dirs.replica) - cpu0.replica,
  };
}

async function main() {
  const pair = startPair({ primary: PG_PORT, replica: PG_PORT + 1 });
  let server = null;
  const pg = new Client({ connectionString: pair.primaryUrl(DB) });
  try {
    const url = pair.primaryUrl(DB);
    process.env.LOG_LEVEL = 'silent';
    await require(dist('core/database/ensure-database.js')).ensureDatabase(url);
    await require(dist('core/database/data-source.js')).runMigrations(url);
    await require(dist('seed/first-start.js')).seedFirstStart(url);
    await require(dist('seed/demo.js')).seedDemo(url);
    let t = Date.now();
    const seeded = spawnSync(
      process.execPath,
      [
        dist('cli/seed-large.js'),
        '--variants',
        String(VARIANTS),
        '--sales',
        String(SALES),
        '--days',
        '90',
      ],
      { env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (seeded.status !== 0) throw new Error('seed:large failed');
    console.log(
      `replica: ${SALES} sales over 90 days, ${VARIANTS} variants seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
    t = Date.now();
    pair.startReplica();
    console.log(
      `pg_basebackup -R and the replica started in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
    await pg.connect();
    const dirs = {
      primary: path.join(pair.dir, 'primary'),
      replica: path.join(pair.dir, 'replica'),
    };
    const base = `http://127.0.0.1:${APP_PORT}`;
    const results = {};
    for (const mode of ['primary only', 'DATABASE_READ_URL']) {
      const env = {
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        BULL_PREFIX: `pos-bench-replica-${process.pid}`,
      };
      if (mode !== 'primary only') env.DATABASE_READ_URL = pair.replicaUrl(DB);
      server = await startBuiltServer(url, APP_PORT, env);
      const session = await signIn(base, 'admin', 'demo1234');
      results[mode] = await reportBurst(base, session, dirs);
      const r = results[mode];
      console.log(
        `${mode.padEnd(18)} ${REPORTS} reports (${CONCURRENCY} at a time) in ${r.seconds.toFixed(1)} s; ` +
          `p50 ${r.latency.p50.toFixed(0)} ms, p95 ${r.latency.p95.toFixed(0)} ms; ` +
          `CPU: primary ${r.primaryCpu} ms, replica ${r.replicaCpu} ms`,
      );
      if (mode === 'primary only') {
        await server.close();
        server = null;
      }
    }
    // The replica's lag as a till sees it: a sale answered → the replica's report counts it.
    const admin = await signIn(base, 'admin', 'demo1234');
    const headers = {
      'content-type': 'application/json',
      cookie: admin.cookie,
      'x-csrf-token': admin.csrfToken,
    };
    const [{ id: branchId }] = (
      await pg.query(`SELECT branch_id AS id FROM users WHERE username = 'admin'`)
    ).rows;
    const [{ id: inventoryId }] = (
      await pg.query('SELECT id FROM inventories WHERE branch_id = $1 AND is_default', [branchId])
    ).rows;
    const [{ id: variantId, sell_price: price }] = (
      await pg.query(
        `SELECT id, sell_price FROM variants WHERE sku LIKE 'DEMO-%' ORDER BY sku LIMIT 1`,
      )
    ).rows;
    const [{ id: methodId }] = (
      await pg.query(`SELECT id FROM payment_methods WHERE type = 'cash' LIMIT 1`)
    ).rows;
    const post = async (p, body) => {
      const res = await fetch(base + p, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        body: JSON.stringify(body),
      });
      if (res.status !== 201) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    await post('/api/StockAdjustments', {
      inventoryId,
      reason: 'adjustment',
      lines: [{ variantId, countedQuantity: 100000 }],
    });
    await post('/api/Shift/open', { openingCash: 0, register: 40 });
    const invoices = async () => {
      const res = await fetch(`${base}/api/Reports/Sales`, { headers: { cookie: admin.cookie } });
      return (await res.json()).rows.reduce((s, r) => s + r.invoices, 0);
    };
    const lags = [];
    for (let i = 0; i < LAG_SAMPLES; i++) {
      const before = await invoices();
      await post('/api/Sales', {
        id: randomUUID(),
        lines: [{ variantId, quantity: 1 }],
        // its list price: change stays within LIMITS.maxChange (decision 0131)
        payments: [{ methodId, amount: Number(price) }],
      });
      const t1 = performance.now();
      while ((await invoices()) === before) {
        if (performance.now() - t1 > 10_000) throw new Error('the sale never reached the replica');
        await sleep(1);
      }
      lags.push(performance.now() - t1);
    }
    const l = percentiles(lags);
    console.log(
      `replica lag, sale 201 → the replica's report counts it (${LAG_SAMPLES} sales): ` +
        `p50 ${l.p50.toFixed(1)} ms, p95 ${l.p95.toFixed(1)} ms, max ${l.max.toFixed(1)} ms ` +
        '(a report request included)',
    );
  } finally {
    await server?.close();
    await pg.end().catch(() => undefined);
    pair.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
