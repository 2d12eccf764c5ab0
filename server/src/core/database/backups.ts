import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { BOOK_INVARIANTS, bookViolations, CUSTOMER_OPEN_ITEMS } from './book-invariants';
import { dropDatabase, ensureDatabase } from './ensure-database';

// Backups of the books (issue 36 item 6, docs/operations.md "Backups"): `pg_dump`'s custom format
// (compressed, restorable table by table), a summary of the books beside it, and a restore that
// refuses to write over a database in use, then checks every invariant of the books and that the
// restored summary is the one taken at the backup.

const run = promisify(execFile);

/** What the books held at a moment: compared after a restore. */
export type BooksSummary = {
  /** the newest migration applied */
  migration: string | null;
  rows: Record<string, number>;
  /** Σ debits and Σ credits of the journal, piasters */
  debits: string;
  credits: string;
  /** Σ on hand over every stock level */
  stockOnHand: string;
  /** Σ vault balances, piasters */
  vaults: string;
};

const COUNTED = [
  'sales_invoices',
  'sale_returns',
  'purchase_invoices',
  'journal_entries',
  'journal_lines',
  'stock_movements',
  'vault_movements',
  'customers',
  'products',
  'audit_logs',
];

/** libpq's connection environment for `url` (the password never on a command line). */
function pgEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  return {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username || 'postgres'),
    PGPASSWORD: decodeURIComponent(u.password),
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
  };
}

async function withClient<T>(url: string, work: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The books' summary of the database at `url` now. */
export function booksSummary(url: string): Promise<BooksSummary> {
  return withClient(url, summaryIn);
}

/** A timestamp for a file name: 20261206T181500Z. */
const stamp = (d = new Date()) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');

export type BackupResult = { file: string; bytes: number; seconds: number; summary: BooksSummary };

/**
 * Dumps the database at `url` into `dir` as `pos-<database>-<UTC time>.dump` (one consistent
 * snapshot: pg_dump reads in one repeatable-read transaction, so the store may keep selling), with
 * `<file>.json` holding the books' summary as the dump has them.
 */
export async function backupDatabase(url: string, dir: string): Promise<BackupResult> {
  const started = Date.now();
  fs.mkdirSync(dir, { recursive: true });
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const file = path.resolve(dir, `pos-${name}-${stamp()}.dump`);
  const partial = `${file}.partial`;
  // The summary first, then the dump: a sale between the two shows as a difference in the summary
  // check of a restore. pg_dump's snapshot is taken first by exporting it from this transaction.
  const summary = await withClient(url, async (c) => {
    await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [{ snapshot }] = (await c.query('SELECT pg_export_snapshot() AS snapshot')).rows;
    const books = await summaryIn(c);
    await run(
      'pg_dump',
      ['--format=custom', '--compress=6', `--snapshot=${snapshot}`, `--file=${partial}`],
      { env: pgEnv(url), maxBuffer: 16 * 1024 * 1024 },
    );
    await c.query('COMMIT');
    return books;
  });
  fs.renameSync(partial, file);
  fs.writeFileSync(`${file}.json`, JSON.stringify({ database: name, summary }, null, 2));
  return { file, bytes: fs.statSync(file).size, seconds: (Date.now() - started) / 1000, summary };
}

/** booksSummary on an open client (inside the snapshot's transaction). */
async function summaryIn(c: Client): Promise<BooksSummary> {
  const counts = COUNTED.map((t) => `(SELECT count(*) FROM ${t})::int AS "${t}"`).join(', ');
  const [rows] = (await c.query(`SELECT ${counts}`)).rows;
  const [money] = (
    await c.query(
      `SELECT (SELECT COALESCE(sum(debit), 0) FROM journal_lines)::text AS debits,
              (SELECT COALESCE(sum(credit), 0) FROM journal_lines)::text AS credits,
              (SELECT COALESCE(sum(on_hand), 0) FROM stock_levels)::text AS stock,
              (SELECT COALESCE(sum(balance), 0) FROM vaults)::text AS vaults,
              (SELECT name FROM migrations ORDER BY timestamp DESC LIMIT 1) AS migration`,
    )
  ).rows;
  return {
    migration: money.migration,
    rows,
    debits: money.debits,
    credits: money.credits,
    stockOnHand: money.stock,
    vaults: money.vaults,
  };
}

export type RestoreResult = {
  seconds: number;
  summary: BooksSummary;
  /** the summary written beside the dump, when there is one */
  expected: BooksSummary | null;
  /** the summary's fields that differ from the expected one */
  differences: string[];
  /** each invariant of the books that does not hold, with its first violations */
  violations: Record<string, unknown[]>;
  ok: boolean;
};

/** The books' checks of a restore (or of any database): every invariant and the customers' open items. */
export async function checkBooks(url: string): Promise<Record<string, unknown[]>> {
  return withClient(url, (c) =>
    bookViolations(async (sql) => (await c.query(sql)).rows, {
      customerBalanceVsOpenItems: CUSTOMER_OPEN_ITEMS,
    }),
  );
}

/** The invariants checked, by name (what a restore reports as holding). */
export const CHECKED_INVARIANTS = [...Object.keys(BOOK_INVARIANTS), 'customerBalanceVsOpenItems'];

/**
 * Restores `file` into the database at `url`: created when missing; one that already has tables is
 * refused unless `replace` (then dropped and made again: a restore never mixes with what is
 * there). Then the books are checked.
 */
export async function restoreDatabase(
  file: string,
  url: string,
  options: { replace?: boolean } = {},
): Promise<RestoreResult> {
  if (!fs.existsSync(file)) throw new Error(`No such backup: ${file}`);
  const started = Date.now();
  await ensureDatabase(url);
  const tables = await withClient(
    url,
    async (c) =>
      (await c.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`))
        .rows[0].n as number,
  );
  if (tables > 0) {
    if (!options.replace)
      throw new Error(
        `The database ${new URL(url).pathname.slice(1)} already has ${tables} tables: restore into a new one, or pass --replace to drop it first`,
      );
    await dropDatabase(url);
    await ensureDatabase(url);
  }
  const env = pgEnv(url);
  await run(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${env.PGDATABASE}`, file],
    {
      env,
      maxBuffer: 16 * 1024 * 1024,
    },
  ).catch((error: Error & { stderr?: string }) => {
    throw new Error(`pg_restore failed: ${error.stderr?.trim() || error.message}`);
  });
  return finishRestore(file, url, started);
}

async function finishRestore(file: string, url: string, started: number): Promise<RestoreResult> {
  const summary = await booksSummary(url);
  const side = `${file}.json`;
  const expected = fs.existsSync(side)
    ? (JSON.parse(fs.readFileSync(side, 'utf8')) as { summary: BooksSummary }).summary
    : null;
  const differences: string[] = [];
  if (expected) {
    for (const [k, v] of Object.entries(expected.rows))
      if (summary.rows[k] !== v)
        differences.push(`${k}: ${summary.rows[k]} rows, ${v} at the backup`);
    for (const k of ['migration', 'debits', 'credits', 'stockOnHand', 'vaults'] as const)
      if (summary[k] !== expected[k])
        differences.push(`${k}: ${summary[k]}, ${expected[k]} at the backup`);
  }
  const violations = await checkBooks(url);
  return {
    seconds: (Date.now() - started) / 1000,
    summary,
    expected,
    differences,
    violations,
    ok: !differences.length && !Object.keys(violations).length,
  };
}
