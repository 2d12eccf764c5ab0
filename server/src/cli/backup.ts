import 'reflect-metadata';
import * as path from 'node:path';
import { resolveDatabase } from '../bootstrap';
import { ROOT_DIR } from '../core/config/config';
import {
  backupDatabase,
  CHECKED_INVARIANTS,
  checkBooks,
  restoreDatabase,
  type RestoreResult,
} from '../core/database/backups';

// `npm run backup [-- --dir DIR]`, `npm run restore -- FILE [--into URL] [--replace]` and
// `npm run check-books` (docs/operations.md, "Backups"). The database is DATABASE_URL's, or the
// embedded one.

const flag = (name: string) => process.argv.includes(`--${name}`);
function option(name: string): string | null {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? (process.argv[at + 1] ?? null) : null;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function backup() {
  const { url, embedded } = await resolveDatabase();
  try {
    const dir = path.resolve(option('dir') ?? path.join(ROOT_DIR, 'backups'));
    const done = await backupDatabase(url, dir);
    const r = done.summary.rows;
    console.log(
      `Backed up to ${done.file} (${mb(done.bytes)}, ${done.seconds.toFixed(1)} s): ` +
        `${r.sales_invoices} sales, ${r.journal_entries} journal entries, ${r.stock_movements} stock movements; ` +
        `migration ${done.summary.migration}`,
    );
  } finally {
    await embedded?.stop();
  }
}

function report(file: string, into: string, r: RestoreResult): void {
  const name = new URL(into).pathname.slice(1);
  console.log(`Restored ${path.basename(file)} into ${name} in ${r.seconds.toFixed(1)} s.`);
  if (r.expected)
    console.log(
      r.differences.length
        ? `The books differ from the backup's summary:\n  ${r.differences.join('\n  ')}`
        : `The books match the backup's summary (${Object.keys(r.expected.rows).length} tables counted, journal ${r.summary.debits} = ${r.summary.credits} piasters, stock ${r.summary.stockOnHand}, vaults ${r.summary.vaults}).`,
    );
  else console.log(`No summary beside the backup (${file}.json): counts not compared.`);
  printInvariants(r.violations);
  console.log(r.ok ? 'The restored books hold.' : 'The restored books do NOT hold.');
}

function printInvariants(violations: Record<string, unknown[]>): void {
  for (const name of CHECKED_INVARIANTS) {
    const bad = violations[name];
    console.log(
      bad
        ? `  ✗ ${name}: ${bad.length} violation(s), e.g. ${JSON.stringify(bad.slice(0, 3))}`
        : `  ✓ ${name}`,
    );
  }
}

async function check() {
  const { url, embedded } = await resolveDatabase();
  try {
    const violations = await checkBooks(url);
    printInvariants(violations);
    const ok = !Object.keys(violations).length;
    console.log(ok ? 'The books hold.' : 'The books do NOT hold.');
    if (!ok) process.exitCode = 1;
  } finally {
    await embedded?.stop();
  }
}

async function restore() {
  const file = process.argv
    .slice(3)
    .find((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--into');
  if (!file) throw new Error('Usage: npm run restore -- FILE [--into DATABASE_URL] [--replace]');
  let into = option('into');
  let stop: (() => Promise<void>) | undefined;
  if (!into) {
    // Beside the live database, never over it: <name>_restore_<time>.
    const { url, embedded } = await resolveDatabase();
    stop = embedded?.stop;
    const target = new URL(url);
    target.pathname = `/${target.pathname.slice(1)}_restore_${new Date().toISOString().slice(0, 19).replace(/\D/g, '')}`;
    into = target.toString();
  }
  try {
    const result = await restoreDatabase(path.resolve(file), into, { replace: flag('replace') });
    report(file, into, result);
    if (!result.ok) process.exitCode = 1;
  } finally {
    await stop?.();
  }
}

const commands: Record<string, () => Promise<void>> = { backup, restore, check };
const command = commands[process.argv[2]];
(command ? command() : Promise.reject(new Error('Usage: backup.js backup|restore|check'))).catch(
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
