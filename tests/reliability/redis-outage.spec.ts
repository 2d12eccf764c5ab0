import { Client as Pg } from 'pg';
import {
  ledgerMismatches,
  privateRedis,
  scale,
  startServerProcess,
  waitFor,
  unpublishedAfter,
  type ServerProcess,
} from './support';
import { prepareDatabase, salesFixture, streamSales } from './fixture';

// Redis goes away while cashiers sell: sales keep committing (Redis is never on the sale's path),
// and every event committed meanwhile is delivered once Redis is back. The Redis here is the
// test's own (its own port), so the machine's Redis is not disturbed.
describe('Redis outage during sales', () => {
  // Each suite its own port: the lane runs two suites at once (eta-crash has 3913).
  const PORT = '3915';
  const REDIS_PORT = 6391;
  let db: Awaited<ReturnType<typeof prepareDatabase>>;
  let server: ServerProcess;
  let pg: Pg;

  const redis = privateRedis(REDIS_PORT);

  beforeAll(async () => {
    await redis.start();
    db = await prepareDatabase('pos_rel_redis');
    pg = new Pg({ connectionString: db.url });
    await pg.connect();
    server = await startServerProcess({
      DATABASE_URL: db.url,
      PORT,
      REDIS_URL: redis.url,
    });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await redis.stop();
    await pg?.end();
    await db?.drop();
  });

  it('keeps selling without Redis and delivers the backlog when it returns', async () => {
    const total = scale(90, 400);
    const fixture = await salesFixture(pg, server.url, 4);
    const outageMs = scale(4000, 30000);
    let down = false;
    let soldWhileDown = 0;
    const result = await streamSales(fixture, total, async (acknowledged) => {
      if (!down && acknowledged >= total / 3) {
        down = true;
        await redis.stop();
        setTimeout(() => void redis.start(), outageMs);
      } else if (down && !redis.up()) {
        soldWhileDown++;
      }
    });
    expect(result.failures).toEqual([]);
    expect(result.acknowledged.size).toBe(total);
    expect(soldWhileDown).toBeGreaterThan(0);
    await waitFor(() => redis.up(), { timeout: 30_000, interval: 100, label: 'redis-server back' });
    expect(await unpublishedAfter(pg, 30_000)).toBe(0);
    const [{ n }] = (
      await pg.query(`SELECT count(*)::int AS n FROM outbox WHERE type = 'sale.completed'`)
    ).rows;
    expect(n).toBe(total);
    expect(await ledgerMismatches(pg)).toEqual([]);
  });
});
