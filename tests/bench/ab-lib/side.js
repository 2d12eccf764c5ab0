// One side of `npm run bench -- ab` (tests/bench/ab.js), in its own process: a throwaway database
// with the demo data and the checkout bench's shop, this worktree's built server (or with `--root
// DIR` another worktree's), its tills signed in with their shifts open. Then, each time the parent
// asks `{ run: seconds }`, a closed loop of the tills for that long, answered with the rate, the
// latencies and the CPU a sale (the server's process, PostgreSQL's backends of this database),
// once the relay has published the loop's events (so neither side pays for the other's backlog).
const { Client } = require('pg');
const { arg, cpuMs, startServerProcess, stopServerProcess, trackCpu } = require('../lib');
const {
  closedLoop,
  demoDatabase,
  openTills,
  prepareShop,
  shopArgs,
} = require('../checkout-lib/tills');
const { outboxBacklog } = require('../checkout-lib/phase');
const { startAutoAnalyze } = require('../checkout-lib/auto-analyze');

async function main() {
  const db = await demoDatabase();
  const database = new URL(db.url).pathname.slice(1);
  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  const port = Number(arg('port', '3670'));
  let server = null;
  let analyzer = null;
  const stop = async () => {
    await analyzer?.stop();
    await stopServerProcess(server);
    await pg.end().catch(() => undefined);
    await db.drop();
  };
  try {
    const shop = await prepareShop(pg, shopArgs());
    server = await startServerProcess(db.url, port);
    const { cashiers, sell } = await openTills(pg, `http://127.0.0.1:${port}`, shop);
    // autovacuum's analyze, which a production server runs and this machine's does not
    analyzer = startAutoAnalyze(db.url);
    let round = 0;
    process.on('message', (msg) => {
      if (msg.stop) {
        void stop().then(() => process.exit(0));
        return;
      }
      // each run's sales take later baskets, as one long loop would
      const offset = 10_000 * round++;
      const loop = (seconds, from) =>
        closedLoop(cashiers, seconds, (c, i, n) => sell(c, i, from + n));
      // `settle` seconds unmeasured first: the other side's phase cooled this one's caches
      // (PostgreSQL's shared buffers, the CPU's) and, on a build whose pool closes connections
      // idle for 10 s, its connections
      const settled = msg.settle ? loop(msg.settle, offset + 5_000) : Promise.resolve(null);
      let serverFrom = 0;
      let postgres = null;
      void settled
        .then(() => {
          serverFrom = cpuMs(server.pid);
          postgres = trackCpu('postgres', database);
          return loop(msg.run, offset);
        })
        .then(async (r) => {
          const serverMs = cpuMs(server.pid) - serverFrom;
          for (let t = 0; t < 600 && (await outboxBacklog(pg)) > 0; t++)
            await new Promise((done) => setTimeout(done, 100));
          const pgMs = postgres.stop();
          process.send({
            rate: r.rate,
            done: r.done,
            errors: r.errors,
            p50: r.stats.p50,
            p99: r.stats.p99,
            serverMs: serverMs / Math.max(1, r.done),
            pgMs: pgMs / Math.max(1, r.done),
          });
        });
    });
    process.send({ ready: true });
  } catch (error) {
    console.error(error);
    await stop();
    process.exit(1);
  }
}

void main();
