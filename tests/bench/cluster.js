// `npm run bench -- cluster [--instances 1,2,3] [--seconds 20] [--warmup 5] [--cashiers 32]
//   [--lines 5] [--products 400] [--connections 24] [--ports 3780] [--database-url URL]`
// Issue 36's bench: checkout throughput with 1, 2 and 3 instances behind HAProxy
// (deploy/haproxy.cfg) on this machine, and what limits it. The topology of the chaos test
// (decision 0122: built servers on one database, a Redis of the run's own, Debian's HAProxy), the
// checkout bench's load (32 cashiers, 5-line sales, a closed loop: each sends its next sale when
// the previous one answered) through HAProxy. Each step starts its instances afresh (1, then 2,
// then 3: the same database, so a later step has a little more data) sharing `--connections`
// database connections (DB_POOL_SIZE = connections / instances: PostgreSQL sees the same
// concurrency at every step, and the machine's shared server, max_connections 100, is not
// exhausted); then a warm-up (HAProxy sees a started instance within two probes, ≈ 2 s) and a
// measured phase that starts with the relay's backlog drained. It prints sales/s, latency, the sales each instance answered
// and where the CPU went — the instances, PostgreSQL (this database's backends), HAProxy, Redis
// and the load generator — against the machine's cores, all shared on one box.
// Ports: `--ports P` → HAProxy P, instances P+1..P+3, Redis P+7.
const os = require('node:os');
const { Client } = require('pg');
const { arg, cpuMs, machineCpu, trackCpu } = require('./lib');
const {
  closedLoop,
  demoDatabase,
  openTills,
  prepareShop,
  shopArgs,
} = require('./checkout-lib/tills');
const { phase, phaseLine, scrapeMetrics } = require('./checkout-lib/phase');
const { PORTS, startTopology } = require('./cluster-lib/topology');

const STEPS = arg('instances', '1,2,3')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const SECONDS = Number(arg('seconds', '20'));
const WARMUP = Number(arg('warmup', '5'));
const SHOP = shopArgs();
const CONNECTIONS = Number(arg('connections', '24'));
const SALES =
  'pos_http_request_duration_seconds_count{method="POST",route="/api/Sales",status="201"}';
const CORES = os.cpus().length;

async function main() {
  if (STEPS.some((n) => !(n >= 1 && n <= 3))) throw new Error('--instances: 1 to 3 each');
  const db = await demoDatabase();
  const dbName = new URL(db.url).pathname.slice(1);
  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  let topology = null;
  const results = [];
  try {
    const shop = await prepareShop(pg, SHOP);
    topology = await startTopology(db.url, PORTS);
    await topology.start(0, { DB_POOL_SIZE: String(CONNECTIONS) });
    await topology.ready();
    const { cashiers, sell } = await openTills(pg, topology.lb, shop);
    console.log(
      `cluster: ${SHOP.cashiers} cashiers, ${SHOP.lines}-line sales, closed loop through HAProxy; ` +
        `${CORES} cores, load average ${os
          .loadavg()
          .map((x) => x.toFixed(1))
          .join(' ')}`,
    );
    for (const n of STEPS) {
      // The same database connections in all whatever the count (the shared PostgreSQL's
      // max_connections is 100): each step starts its instances afresh with its share.
      const pool = Math.ceil(CONNECTIONS / n);
      for (let k = 0; k < PORTS.instances.length; k++) await topology.stopInstance(k);
      await Promise.all(
        Array.from({ length: n }, (_, k) => topology.start(k, { DB_POOL_SIZE: String(pool) })),
      );
      // HAProxy has one up again (the warm-up then covers the others' two probes, ≈ 2 s).
      await topology.ready();
      const urls = Array.from({ length: n }, (_, k) => topology.url(k));
      const pids = () => topology.instances.slice(0, n).map((s) => s.pid);
      await closedLoop(cashiers, WARMUP, sell);
      const before = {};
      const p = await phase(pg, urls, null, async () => {
        const sales = await Promise.all(urls.map(scrapeMetrics));
        Object.assign(before, {
          sales: sales.map((m) => m?.[SALES] ?? 0),
          instances: pids().map(cpuMs),
          pg: trackCpu('postgres', dbName),
          haproxy: cpuMs(topology.haproxy.pid),
          redis: cpuMs(topology.redis.pid),
          gen: process.cpuUsage(),
          machine: machineCpu(),
        });
        return closedLoop(cashiers, SECONDS, sell);
      });
      const after = (await Promise.all(urls.map(scrapeMetrics))).map((m) => m?.[SALES] ?? 0);
      const r = p.result;
      const ms = r.elapsed * 1000;
      const gen = process.cpuUsage(before.gen);
      const cores = {
        instances: pids().reduce((s, pid, k) => s + cpuMs(pid) - before.instances[k], 0) / ms,
        postgres: before.pg.stop() / ms,
        haproxy: (cpuMs(topology.haproxy.pid) - before.haproxy) / ms,
        redis: (cpuMs(topology.redis.pid) - before.redis) / ms,
        generator: (gen.user + gen.system) / 1000 / ms,
      };
      const busy = machineCpu(before.machine);
      const row = {
        n,
        rate: r.rate,
        stats: r.stats,
        errors: r.errors,
        byInstance: after.map((x, k) => x - before.sales[k]),
        cores,
        busy,
        phase: p,
      };
      results.push(row);
      console.log(
        `\n${n} instance(s), ${pool} database connections each: ${r.rate.toFixed(1)} sales/s (${r.done} in ${r.elapsed.toFixed(1)} s, ${r.errors} errors), ` +
          `p50 ${r.stats.p50.toFixed(0)} ms, p95 ${r.stats.p95.toFixed(0)} ms, p99 ${r.stats.p99.toFixed(0)} ms; ` +
          `sales answered by instance: ${row.byInstance.join(' / ')}`,
      );
      console.log(
        `  CPU in cores: instances ${cores.instances.toFixed(2)}, PostgreSQL ${cores.postgres.toFixed(2)}, ` +
          `HAProxy ${cores.haproxy.toFixed(2)}, Redis ${cores.redis.toFixed(2)}, load generator ${cores.generator.toFixed(2)}; ` +
          `machine busy ${busy} of ${CORES} cores (everything on it, other work included)`,
      );
      console.log(phaseLine('phase', p));
    }
    console.log(
      '\ninstances  sales/s  p50 ms  p95 ms  p99 ms  instances+PG+HAProxy+Redis+generator cores  machine',
    );
    for (const x of results) {
      const c = x.cores;
      const sum = c.instances + c.postgres + c.haproxy + c.redis + c.generator;
      console.log(
        `${String(x.n).padStart(9)}  ${x.rate.toFixed(1).padStart(7)}  ${x.stats.p50.toFixed(0).padStart(6)}  ` +
          `${x.stats.p95.toFixed(0).padStart(6)}  ${x.stats.p99.toFixed(0).padStart(6)}  ` +
          `${[c.instances, c.postgres, c.haproxy, c.redis, c.generator].map((v) => v.toFixed(2)).join(' + ')} = ${sum.toFixed(2)} of ${CORES}`.padEnd(
            45,
          ) +
          `  ${x.busy}`,
      );
    }
    console.log(
      `\nWhat limits it: all of it shares ${CORES} cores. When the machine is near 100 % busy, another ` +
        'instance only splits the same CPU (and adds its own pool, relay and timers); the split above ' +
        'says who takes it. The load generator is on the same box, as are other users of the machine.',
    );
  } finally {
    await topology?.stop();
    await pg.end();
    await db.drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
