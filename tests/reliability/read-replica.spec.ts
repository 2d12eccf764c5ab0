import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { Client as Pg } from 'pg';
import { Http, portFree, ROOT, startServerProcess, waitFor, type ServerProcess } from './support';
import { salesFixture } from './fixture';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPair } = require('../support-pg-pair.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const dist = (p: string) => require(path.join(ROOT, 'dist/server/src', p));

type Pair = {
  primaryUrl: (db: string) => string;
  replicaUrl: (db: string) => string;
  startReplica: () => number;
  stopReplica: () => void;
  stop: () => void;
};

// DATABASE_READ_URL (decision 0127): the reports, their export and the statistics read from a
// real streaming replica; commands and the reads that must see their own writes stay on the
// primary. The pair is the test's own (initdb + pg_basebackup -R in a temporary folder, ports
// 5440–5449): the machine's PostgreSQL is not touched. The proof that a report is served by the
// replica: with the replica's WAL replay paused, a sale is written (201, on the primary) and read
// back by id at once, while the report and the statistics still show the day without it; once
// replay resumes they show it. A replica that goes away: the reports read from the primary.
describe('reports on a read replica (DATABASE_READ_URL)', () => {
  const DB = `pos_replica_${process.pid}`;
  let pair: Pair | null = null;
  let server: ServerProcess | null = null;
  let primary: Pg | null = null;
  let replica: Pg | null = null;

  beforeAll(async () => {
    let port = 5440;
    while (!(await portFree(port)) || !(await portFree(port + 1))) port += 2;
    pair = startPair({ primary: port, replica: port + 1 }) as Pair;
    const url = pair.primaryUrl(DB);
    await dist('core/database/ensure-database.js').ensureDatabase(url);
    await dist('core/database/data-source.js').runMigrations(url);
    await dist('seed/first-start.js').seedFirstStart(url);
    await dist('seed/demo.js').seedDemo(url);
    pair.startReplica();
    primary = new Pg({ connectionString: url });
    await primary.connect();
    replica = new Pg({ connectionString: pair.replicaUrl(DB) });
    await replica.connect();
    let appPort = 3800;
    while (!(await portFree(appPort))) appPort += 1;
    server = await startServerProcess({
      DATABASE_URL: url,
      DATABASE_READ_URL: pair.replicaUrl(DB),
      PORT: String(appPort),
      DB_POOL_SIZE: '5',
    });
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await primary?.end().catch(() => undefined);
    await replica?.end().catch(() => undefined);
    pair?.stop();
  });

  it('serves the reports from the replica, commands and own reads from the primary', async () => {
    const [{ in_recovery: inRecovery }] = (
      await replica!.query('SELECT pg_is_in_recovery() AS in_recovery')
    ).rows;
    expect(inRecovery).toBe(true);
    const base = server!.url;
    const f = await salesFixture(primary!, base, 1);
    const cashier = f.cashiers[0];
    const admin = new Http(base);
    await admin.signIn('admin', 'demo1234');
    const invoicesToday = async () => {
      const res = await admin.call('GET', '/api/Reports/Sales');
      expect(res.status).toBe(200);
      return (res.body.rows as { invoices: number }[]).reduce((s, r) => s + r.invoices, 0);
    };
    const statisticsInvoices = async () => {
      const res = await admin.call('GET', '/api/Statistics');
      expect(res.status).toBe(200);
      return (res.body.current as { invoiceCount: number }).invoiceCount;
    };
    const sold = async () =>
      Number((await primary!.query('SELECT count(*) AS n FROM sales_invoices')).rows[0].n);
    // The replica has replayed everything the primary wrote so far (the fixture's writes).
    const [{ lsn }] = (await primary!.query('SELECT pg_current_wal_lsn()::text AS lsn')).rows;
    await waitFor(
      async () =>
        (await replica!.query('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [lsn]))
          .rows[0].done,
      { timeout: 15_000, label: 'the replica to catch up' },
    );
    const soldBefore = await sold();
    const before = await invoicesToday();
    const statsBefore = await statisticsInvoices();

    await replica!.query('SELECT pg_wal_replay_pause()');
    await waitFor(
      async () =>
        (await replica!.query('SELECT pg_get_wal_replay_pause_state() AS s')).rows[0].s ===
        'paused',
      { label: 'replay paused' },
    );
    const sale = {
      id: randomUUID(),
      lines: [{ variantId: f.variantIds[0], quantity: 1 }],
      payments: [{ methodId: f.cashMethod, amount: f.prices[0] }],
    };
    // The command: on the primary (a standby would refuse the write).
    const created = await cashier.call('POST', '/api/Sales', sale);
    expect(created.status).toBe(201);
    // A read that must see its own write: the invoice by id, at once.
    const own = await cashier.call('GET', `/api/invoices/${sale.id}`);
    expect(own.status).toBe(200);
    expect(await sold()).toBe(soldBefore + 1);
    // The reports: still the replica's day, without the sale.
    expect(await invoicesToday()).toBe(before);
    expect(await statisticsInvoices()).toBe(statsBefore);
    const xlsx = await fetch(`${base}/api/Reports/Sales?format=xlsx`, {
      headers: { cookie: admin.cookie() },
    });
    expect(xlsx.status).toBe(200);
    expect((await xlsx.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    await replica!.query('SELECT pg_wal_replay_resume()');
    const t0 = Date.now();
    await waitFor(async () => (await invoicesToday()) === before + 1, {
      timeout: 15_000,
      label: 'the sale in the report after replay resumed',
    });
    const lag = Date.now() - t0;
    expect(await statisticsInvoices()).toBe(statsBefore + 1);

    // The replica goes away: the reports read from the primary (and still show the sale).
    await replica!.end();
    replica = null;
    pair!.stopReplica();
    expect(await invoicesToday()).toBe(before + 1);
    expect(await statisticsInvoices()).toBe(statsBefore + 1);
    console.log(`read replica: the sale reached the report ${lag} ms after replay resumed`);
    expect(server!.errors()).toBe('');
  });
});
