import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { startServer } from '../bootstrap';
import { loadConfig } from '../core/config/config';
import { DEMO_PASSWORD, seedDemo } from '../seed/demo';

// `npm run demo`: like `npm start`, with demo data loaded first (idempotent).
async function main() {
  const server = await startServer({ beforeListen: seedDemo });
  const logger = new Logger('Demo');
  logger.log(
    `Demo data loaded. Users admin, manager, cashier, storekeeper, accountant — password ${DEMO_PASSWORD}`,
  );
  logger.log(`The app is served on ${server.url} (port ${loadConfig().port})`);
  const stop = async () => {
    await server.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: Error) => {
  new Logger('Demo').error(error.message);
  process.exit(1);
});
