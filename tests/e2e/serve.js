// Starts the built app for the browser tests: its own throwaway database (migrated, demo data),
// on PORT (3100 by default); drops the database when stopped. The local ETA simulator runs with it
// (ETA_ENV=sim, as `npm run demo` does): the demo's e-receipts and tests/e2e/eta.spec.ts submit to
// it; a spec orders failures from it at ETA_SIM_URL + /sim/failures (its port: PORT + 1000).
// E2E_DATABASE=<name>: a database the caller made and drops (a spec that stops and restarts its
// own server, tests/e2e/own-server.ts): used as it is and kept when stopped; E2E_SEED=0 on a
// restart (the demo data is already in).
const path = require('node:path');
const { createThrowawayDatabase, dropDatabase, urlFor } = require('../support-db.js');

const root = path.resolve(__dirname, '..', '..');

async function main() {
  const kept = process.env.E2E_DATABASE;
  const db = kept ? { name: kept, url: urlFor(kept) } : await createThrowawayDatabase('pos_e2e');
  const drop = () => (kept ? Promise.resolve() : dropDatabase(db.name));
  process.env.DATABASE_URL = db.url;
  process.env.PORT = process.env.PORT || '3100';
  process.env.LOG_LEVEL = process.env.LOG_LEVEL || 'silent';
  // argon2id at its lowest cost for the demo users and every user a spec makes (core/config):
  // each browser test signs in, at 0.2 s of CPU a check at the standard cost.
  process.env.PASSWORD_HASH_COST = process.env.PASSWORD_HASH_COST || 'test';
  const { startServer } = require(path.join(root, 'dist/server/src/bootstrap.js'));
  const { seedDemo } = require(path.join(root, 'dist/server/src/seed/demo.js'));
  const { adoptDemoChains } = require(path.join(root, 'dist/server/src/seed/eta-demo.js'));
  const { EtaSimulator } = require(path.join(root, 'dist/server/src/eta-sim/eta-simulator.js'));
  process.env.ETA_ENV = 'sim';
  const sim = new EtaSimulator({
    port: Number(process.env.ETA_SIM_PORT ?? Number(process.env.PORT) + 1000),
    validationDelayMs: Number(process.env.ETA_SIM_DELAY_MS ?? 1500),
  });
  process.env.ETA_SIM_URL = await sim.start();
  let server;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      if (server) await server.close();
      await sim.stop().catch(() => undefined);
    } finally {
      await drop().catch((e) => console.error(e.message));
      process.exit(0);
    }
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  try {
    server = await startServer({
      port: Number(process.env.PORT),
      beforeListen: async (url) => {
        if (process.env.E2E_SEED === '0') return;
        await seedDemo(url);
        await adoptDemoChains(url, sim);
      },
    });
  } catch (error) {
    console.error(error);
    await sim.stop().catch(() => undefined);
    await drop().catch(() => undefined);
    process.exit(1);
  }
  console.log(`e2e server on ${server.url} (database ${db.name}, ETA simulator ${sim.url})`);
}

main();
