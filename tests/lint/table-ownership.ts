import fs from 'node:fs';
import path from 'node:path';

// The table-ownership check (issue 31): each table is written only by the module that owns it.
// A module owns the tables of the @Entity classes under its folder and those its `tables.ts`
// lists (tables without an entity class); core owns the tables of server/src/core. A write is a
// raw SQL INSERT INTO / UPDATE / DELETE FROM / TRUNCATE, or a TypeORM save/insert/update/delete/
// upsert/increment/decrement/remove through an entity class, its repository or a query builder.

export type Write = { file: string; line: number; table: string; writer: string; owner: string };

const WRITE_METHODS =
  'save|insert|update|delete|upsert|increment|decrement|remove|softDelete|softRemove|restore';

/** The owning area of a file: `core`, a module's name, or null for files outside both. */
export function areaOf(srcRoot: string, file: string): string | null {
  const rel = path.relative(srcRoot, file).split(path.sep);
  if (rel[0] === 'core') return 'core';
  if (rel[0] === 'modules' && rel.length > 2) return rel[1];
  return null;
}

export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    // Tests and their fixtures (`*.spec.ts`, `spec-fixture.ts`) set up any table they need.
    else if (/\.ts$/.test(entry.name) && !/(^|[.-])spec(-fixture)?\.ts$/.test(entry.name))
      out.push(full);
  }
  return out;
}

export type Ownership = {
  /** table → owning area */
  tables: Map<string, string>;
  /** entity class name → table */
  entities: Map<string, string>;
};

/** Reads the owners from the entity files and the `tables.ts` lists under srcRoot. */
export function readOwnership(srcRoot: string): Ownership {
  const tables = new Map<string, string>();
  const entities = new Map<string, string>();
  const claim = (table: string, area: string, file: string) => {
    const prev = tables.get(table);
    if (prev && prev !== area)
      throw new Error(`table ${table} is claimed by ${prev} and ${area} (${file})`);
    tables.set(table, area);
  };
  for (const file of sourceFiles(srcRoot)) {
    const area = areaOf(srcRoot, file);
    if (!area) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      /@Entity\(\s*['"]([a-z_0-9]+)['"][^)]*\)[\s\S]*?\bclass\s+(\w+)/g,
    )) {
      claim(m[1], area, file);
      entities.set(m[2], m[1]);
    }
    if (path.basename(file) === 'tables.ts') {
      const list = /OWNED_TABLES\s*=\s*\[([^\]]*)\]/.exec(text);
      if (!list) throw new Error(`${file} has no OWNED_TABLES list`);
      for (const t of list[1].matchAll(/['"]([a-z_0-9]+)['"]/g)) claim(t[1], area, file);
    }
  }
  return { tables, entities };
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** The tables a file's source writes, with where. */
export function writesIn(text: string, own: Ownership): { table: string; line: number }[] {
  const found: { table: string; line: number }[] = [];
  const add = (table: string | undefined, index: number) => {
    if (table && own.tables.has(table)) found.push({ table, line: lineOf(text, index) });
  };
  // Raw SQL. `FOR UPDATE`, `FOR NO KEY UPDATE` and `DO UPDATE SET` are not writes to a table.
  for (const m of text.matchAll(
    /\b(INSERT\s+INTO|(?<!\bFOR\s+(?:NO\s+KEY\s+)?|\bDO\s+)UPDATE(?:\s+ONLY)?|DELETE\s+FROM(?:\s+ONLY)?|TRUNCATE(?:\s+TABLE)?)\s+"?([a-z_0-9]+)"?/gi,
  ))
    add(m[2].toLowerCase(), m.index);
  const tableOf = (cls: string) => own.entities.get(cls);
  // manager.save(Entity, …), manager.update(Entity, …), qb.update(Entity), manager.save(m.create(Entity, …))
  for (const m of text.matchAll(
    new RegExp(`\\.(?:${WRITE_METHODS})\\(\\s*(?:[\\w.]+\\.create\\(\\s*)?(\\w+)\\b`, 'g'),
  ))
    add(tableOf(m[1]), m.index);
  // getRepository(Entity).save(…)
  for (const m of text.matchAll(
    new RegExp(`getRepository\\(\\s*(\\w+)\\s*\\)\\s*\\.(?:${WRITE_METHODS})\\(`, 'g'),
  ))
    add(tableOf(m[1]), m.index);
  // qb.insert().into(Entity), qb.delete().from(Entity)
  for (const m of text.matchAll(/\.(?:insert\(\)\s*\.into|delete\(\)\s*\.from)\(\s*(\w+)\b/g))
    add(tableOf(m[1]), m.index);
  // A repository held in a variable or a property: `repo = x.getRepository(Entity)`,
  // `repo: Repository<Entity>`, then `repo.save(…)` / `this.repo.save(…)`.
  const repos = new Map<string, string>();
  for (const m of text.matchAll(/(\w+)\s*=\s*[\w.]*getRepository\(\s*(\w+)\s*\)/g))
    repos.set(m[1], m[2]);
  for (const m of text.matchAll(/(\w+)\s*[?!]?:\s*Repository<\s*(\w+)\s*>/g)) repos.set(m[1], m[2]);
  for (const [name, cls] of repos) {
    const table = tableOf(cls);
    if (!table) continue;
    for (const m of text.matchAll(
      new RegExp(`(?<![\\w.])(?:this\\.)?${name}\\s*\\.(?:${WRITE_METHODS})\\(`, 'g'),
    ))
      add(table, m.index);
  }
  return found.sort((a, b) => a.line - b.line);
}

/** Every write in srcRoot to a table another area owns. */
export function foreignWrites(srcRoot: string, own = readOwnership(srcRoot)): Write[] {
  const out: Write[] = [];
  for (const file of sourceFiles(srcRoot)) {
    const writer = areaOf(srcRoot, file);
    if (!writer) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const w of writesIn(text, own)) {
      const owner = own.tables.get(w.table) as string;
      if (owner !== writer)
        out.push({
          file: path.relative(srcRoot, file),
          line: w.line,
          table: w.table,
          writer,
          owner,
        });
    }
  }
  return out;
}
