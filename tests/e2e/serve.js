// Starts the built app for the browser tests: its own throwaway database (migrated, demo data),
// on PORT (3100 by default); drops the database when stopped. The local ETA simulator runs with it
// (ETA_ENV=sim, as `npm run demo` does): the demo's e-receipts and tests/e2e/eta.spec.ts submit to
// it; a spec orders failures from it at ETA_SIM_URL + /sim/failures (its port: PORT + 1000).
const path = require('node:path');
const { createThrowawayDatabase, dropDatabase } = require('../support-db.js');

const root = path.resolve(__dirname, '..', '..');

async function main() {
  const db = await createThrowawayDatabase('pos_e2e');
  process.env.DATABASE_URL = db.url;
  process.env.PORT = process.env.PORT || '3100';
  process.env.LOG_LEVEL = process.env.LOG_LEVEL || 'silent';
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
      await dropDatabase(db.name).catch((e) => console.error(e.message));
      process.exit(0);
    }
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  try {
    server = await startServer({
      port: Number(process.env.PORT),
      beforeListen: async (url) => {
        await seedDemo(url);
        await adoptDemoChains(url, sim);
      },
    });
  } catch (error) {
    console.error(error);
    await sim.stop().catch(() => undefined);
    await dropDatabase(db.name).catch(() => undefined);
    process.exit(1);
  }
  console.log(`e2e server on ${server.url} (database ${db.name}, ETA simulator ${sim.url})`);
}

main();
