import path from 'node:path';
import { foreignWrites, readOwnership } from './table-ownership';

// One owner per table (issue 31): only the module that owns a table writes it; others go through
// the owner's service or command. The check reads the owners from the entity files and the
// modules' `tables.ts`, and every SQL string and TypeORM write in server/src.

/**
 * Known writes to another module's table still to move behind the owner's service: this list
 * only shrinks (an entry that no longer occurs fails the test, so it is removed with the fix).
 * Each entry: the writing module → the table (its owner).
 */
const ALLOWED: readonly string[] = [];

const key = (w: { writer: string; table: string; owner: string }) =>
  `${w.writer} → ${w.table} (${w.owner})`;

describe('table ownership: fixtures', () => {
  const root = path.join(__dirname, 'fixtures', 'ownership', 'src');
  const own = readOwnership(root);
  const writes = foreignWrites(root, own);
  const linesOf = (file: string) =>
    writes
      .filter((w) => w.file === path.join('modules', 'sales', 'commands', file))
      .map((w) => `${w.line} ${w.table}`);

  it('reads the owners from the entity files, the tables.ts lists and core', () => {
    expect(Object.fromEntries(own.tables)).toEqual({
      stock_levels: 'inventory',
      sales_invoices: 'sales',
      variants: 'catalog',
      outbox: 'core',
    });
    expect(own.entities.get('StockLevelEntity')).toBe('stock_levels');
  });

  it('fails sales writing stock_levels (and a variant) in SQL', () => {
    expect(linesOf('bad-raw-sql.ts')).toEqual(['6 stock_levels', '9 variants']);
    expect(linesOf('bad-insert-cte.ts')).toEqual(['6 stock_levels', '10 stock_levels']);
  });

  it('fails sales writing stock_levels through TypeORM', () => {
    expect(linesOf('bad-repository.ts')).toEqual([
      '9 stock_levels',
      '10 stock_levels',
      '12 stock_levels',
      '13 stock_levels',
      '14 stock_levels',
    ]);
  });

  it("passes sales using the owner's service, reading and locking stock, writing its own table", () => {
    expect(linesOf('ok-owner-service.ts')).toEqual([]);
    expect(writes.filter((w) => w.writer === 'inventory')).toEqual([]);
  });
});

describe('table ownership: server/src', () => {
  const root = path.join(__dirname, '..', '..', 'server', 'src');
  const writes = foreignWrites(root);

  it('has no write to a table another module owns, beyond the shrinking allow-list', () => {
    const found = writes.map((w) => `${key(w)} ${w.file}:${w.line}`);
    expect(found.filter((w) => !ALLOWED.some((a) => w.startsWith(`${a} `)))).toEqual([]);
  });

  it('lists in the allow-list only writes that still occur', () => {
    const keys = new Set(writes.map(key));
    expect(ALLOWED.filter((a) => !keys.has(a))).toEqual([]);
  });
});
