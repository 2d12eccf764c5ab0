import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Client as Pg } from 'pg';
import { prepareDatabase, salesFixture, streamSales } from './fixture';
import { ROOT, startServerProcess, type ServerProcess } from './support';

// Issue 36 item 6, the restore drill: `npm run backup` while four cashiers sell, `npm run restore`
// into a new database — the books hold (every invariant) and match the summary taken with the
// dump (same snapshot); a restore over a database in use is refused; a restore whose books differ
// from the summary, or whose books do not hold, says so and exits 1.
const run = promisify(execFile);
const cli = path.join(ROOT, 'dist/server/src/cli/backup.js');

type Outcome = { code: number; out: string };
async function npmRun(args: string[], databaseUrl: string): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
      timeout: 120_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, out: `${e.stdout}${e.stderr}` };
  }
}

describe('backup and restore drill', () => {
  const PORT = '3916';
  let db: Awaited<ReturnType<typeof prepareDatabase>>;
  let server: ServerProcess;
  let pg: Pg;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-backups-'));
  const restoredUrl = () => {
    const u = new URL(db.url);
    u.pathname = `${u.pathname}_drill`;
    return u.toString();
  };

  beforeAll(async () => {
    db = await prepareDatabase('pos_rel_backup');
    server = await startServerProcess({ DATABASE_URL: db.url, PORT });
    pg = new Pg({ connectionString: db.url });
    await pg.connect();
  });
  afterAll(async () => {
    await pg?.end();
    await server?.stop();
    const admin = new Pg({ connectionString: db.url.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    await admin.query(
      `DROP DATABASE IF EXISTS "${new URL(restoredUrl()).pathname.slice(1)}" WITH (FORCE)`,
    );
    await admin.end();
    await db?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('backs up while the tills sell; the restore holds and matches the snapshot', async () => {
    const f = await salesFixture(pg, server.url, 4);
    await streamSales(f, 10);
    let backup: Outcome | null = null;
    // The backup runs in the middle of 40 more sales.
    const selling = streamSales(f, 40, async (n) => {
      if (n === 10 && !backup) backup = await npmRun(['backup', '--dir', dir], db.url);
    });
    const sold = await selling;
    expect(sold.failures).toEqual([]);
    expect(backup).not.toBeNull();
    expect({ code: backup!.code, out: backup!.out }).toMatchObject({ code: 0 });
    expect(backup!.out).toMatch(/Backed up to .*\.dump \([\d.]+ MB, [\d.]+ s\): \d+ sales/);
    const file = fs.readdirSync(dir).find((n) => n.endsWith('.dump'))!;
    const side = JSON.parse(fs.readFileSync(path.join(dir, `${file}.json`), 'utf8'));
    const salesNow = Number((await pg.query('SELECT count(*) FROM sales_invoices')).rows[0].count);
    // The snapshot is between the first 10 and the last of the 50 sales.
    expect(side.summary.rows.sales_invoices).toBeLessThan(salesNow);
    expect(side.summary.rows.sales_invoices).toBeGreaterThanOrEqual(salesNow - 40);

    const restored = await npmRun(
      ['restore', path.join(dir, file), '--into', restoredUrl()],
      db.url,
    );
    expect(restored.out).toContain("The books match the backup's summary");
    expect(restored.out).toContain('✓ debitsMinusCredits');
    expect(restored.out).toContain('✓ stockVsMovements');
    expect(restored.out).toContain('✓ vaultVsMovementsAndAccount');
    expect(restored.out).toContain('The restored books hold.');
    expect(restored.code).toBe(0);
    const copy = new Pg({ connectionString: restoredUrl() });
    await copy.connect();
    try {
      const n = Number((await copy.query('SELECT count(*) FROM sales_invoices')).rows[0].count);
      expect(n).toBe(side.summary.rows.sales_invoices);
    } finally {
      await copy.end();
    }

    // Never over a database that has tables, unless asked.
    const again = await npmRun(['restore', path.join(dir, file), '--into', restoredUrl()], db.url);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/already has \d+ tables: restore into a new one, or pass --replace/);

    // A summary that does not match what the dump holds is reported.
    side.summary.rows.sales_invoices += 1;
    fs.writeFileSync(path.join(dir, `${file}.json`), JSON.stringify(side));
    const differs = await npmRun(
      ['restore', path.join(dir, file), '--into', restoredUrl(), '--replace'],
      db.url,
    );
    expect(differs.code).toBe(1);
    expect(differs.out).toContain("The books differ from the backup's summary");
    expect(differs.out).toMatch(/sales_invoices: \d+ rows, \d+ at the backup/);
  }, 240_000);

  it('says so when the books it restored do not hold', async () => {
    // A stock level that disagrees with its movements, backed up and restored as it is.
    await pg.query(
      `UPDATE stock_levels SET on_hand = on_hand + 1 WHERE (variant_id, inventory_id) IN (SELECT variant_id, inventory_id FROM stock_levels LIMIT 1)`,
    );
    const sub = fs.mkdtempSync(path.join(dir, 'bad-'));
    expect(await npmRun(['backup', '--dir', sub], db.url)).toMatchObject({ code: 0 });
    const file = fs.readdirSync(sub).find((n) => n.endsWith('.dump'))!;
    const out = await npmRun(
      ['restore', path.join(sub, file), '--into', restoredUrl(), '--replace'],
      db.url,
    );
    expect(out.out).toMatch(/✗ stockVsMovements: 1 violation/);
    expect(out.out).toContain('✓ debitsMinusCredits');
    expect(out.out).toContain('The restored books do NOT hold.');
    expect(out.code).toBe(1);
    // `npm run check-books` finds it in the live database too.
    const live = await npmRun(['check'], db.url);
    expect(live.out).toMatch(/✗ stockVsMovements: 1 violation/);
    expect(live.out).toContain('The books do NOT hold.');
    expect(live.code).toBe(1);
  });
});
