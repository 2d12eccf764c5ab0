// Starts the built app for the browser tests: its own throwaway database (migrated, demo data),
// on PORT (3100 by default); drops the database when stopped.
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
  let server;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      if (server) await server.close();
    } finally {
      await dropDatabase(db.name).catch((e) => console.error(e.message));
      process.exit(0);
    }
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  try {
    server = await startServer({ port: Number(process.env.PORT), beforeListen: seedDemo });
  } catch (error) {
    console.error(error);
    await dropDatabase(db.name).catch(() => undefined);
    process.exit(1);
  }
  console.log(`e2e server on ${server.url} (database ${db.name})`);
}

main();
