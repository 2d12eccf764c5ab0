import { Client as Pg } from 'pg';
import {
  ledgerMismatches,
  portFree,
  scale,
  startServerProcess,
  waitFor,
  unpublishedAfter,
  type ServerProcess,
} from './support';
import { prepareDatabase, salesFixture, streamSales } from './fixture';

// kill -9 the server in the middle of a stream of sales, restart it, let the clients retry:
// every acknowledged sale exists exactly once, nothing is sold twice, the ledger agrees, and
// every committed sale's events are delivered.
describe('crash during a stream of sales', () => {
  const PORT = '3911';
  let db: Awaited<ReturnType<typeof prepareDatabase>>;
  let server: ServerProcess;
  let pg: Pg;

  beforeAll(async () => {
    db = await prepareDatabase('pos_rel_crash');
    pg = new Pg({ connectionString: db.url });
    await pg.connect();
    server = await startServerProcess({ DATABASE_URL: db.url, PORT });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await pg?.end();
    await db?.drop();
  });

  it('loses and duplicates nothing', async () => {
    const total = scale(200, 1000);
    const fixture = await salesFixture(pg, server.url, 8);
    let restarted = false;
    const result = await streamSales(fixture, total, async (acknowledged) => {
      if (!restarted && acknowledged >= total * 0.4) {
        restarted = true;
        await server.stop('SIGKILL');
        await waitFor(() => portFree(PORT), { timeout: 10_000, label: 'the port to be free' });
        server = await startServerProcess({ DATABASE_URL: db.url, PORT });
      }
    });
    expect(restarted).toBe(true);
    expect(result.acknowledged.size).toBe(total);
    expect(result.failures).toEqual([]);
    const { rows } = await pg.query(
      'SELECT id, count(*) OVER ()::int AS n FROM sales_invoices WHERE cashier_id = ANY($1)',
      [fixture.cashierIds],
    );
    expect(rows.length).toBe(total);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(result.acknowledged));
    expect(await ledgerMismatches(pg)).toEqual([]);
    // Sold quantity = what the ledger took out for these sales.
    const [{ sold, moved }] = (
      await pg.query(
        `SELECT (SELECT sum(quantity) FROM sale_lines l JOIN sales_invoices i ON i.id = l.invoice_id WHERE i.cashier_id = ANY($1))::numeric AS sold,
              (SELECT -sum(quantity) FROM stock_movements WHERE reason = 'sale' AND user_id = ANY($1))::numeric AS moved`,
        [fixture.cashierIds],
      )
    ).rows;
    expect(Number(sold)).toBe(Number(moved));
    // Every committed sale has its event, and the relay delivers them all.
    const [{ events }] = (
      await pg.query(`SELECT count(*)::int AS events FROM outbox WHERE type = 'sale.completed'`)
    ).rows;
    expect(events).toBeGreaterThanOrEqual(total);
    expect(await unpublishedAfter(pg, 20_000)).toBe(0);
  });
});
