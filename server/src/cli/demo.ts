import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { startServer } from '../bootstrap';
import { loadConfig } from '../core/config/config';
import { EtaSimulator } from '../eta-sim/eta-simulator';
import { DEMO_PASSWORD, seedDemo } from '../seed/demo';
import { adoptDemoChains } from '../seed/eta-demo';
import { seedDemoPricing } from '../seed/pricing-demo';
import { seedDemoGiftCards } from '../seed/giftcards-demo';
import { seedDemoTracking } from '../seed/tracking-demo';

// `npm run demo`: like `npm start`, with demo data loaded first (idempotent).
async function main() {
  const logger = new Logger('Demo');
  // ETA_ENV=sim: the local ETA simulator runs with the demo (company info environment "sim")
  let sim: EtaSimulator | null = null;
  if (process.env.ETA_ENV === 'sim') {
    sim = new EtaSimulator({
      port: Number(process.env.ETA_SIM_PORT ?? 4780),
      validationDelayMs: Number(process.env.ETA_SIM_DELAY_MS ?? 1500),
    });
    process.env.ETA_SIM_URL = await sim.start();
    logger.log(`ETA simulator on ${process.env.ETA_SIM_URL} (failures: POST /sim/failures)`);
  }
  const server = await startServer({
    beforeListen: async (url) => {
      await seedDemo(url);
      // the running offers and the wholesale list: the demo's only (the tests' seed has none)
      await seedDemoPricing(url);
      // two gift cards (issue 33 item 5), sold through the command: the liability in the books
      await seedDemoGiftCards(url);
      // phones received by IMEI and groceries by lot, one near its expiry (issue 34)
      await seedDemoTracking(url);
      if (sim) await adoptDemoChains(url, sim);
    },
  });
  logger.log(
    `Demo data loaded. Users admin, manager, cashier, storekeeper, accountant — password ${DEMO_PASSWORD}`,
  );
  logger.log(`The app is served on ${server.url} (port ${loadConfig().port})`);
  const stop = async () => {
    await server.close().catch(() => undefined);
    await sim?.stop().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: Error) => {
  new Logger('Demo').error(error.message);
  process.exit(1);
});
