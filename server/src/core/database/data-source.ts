import * as path from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { SnakeNamingStrategy } from './naming.strategy';

// Migrations live in /migrations at the repo root and compile to dist/migrations.
// Compiled code loads the .js files only (never .d.ts); tests running from source load the .ts.
const MIGRATIONS_GLOB = path.join(
  __dirname, '..', '..', '..', '..', 'migrations', __filename.endsWith('.ts') ? '*.ts' : '*.js',
);

// Each context owns its entities, in files named `*.entity.ts` or `*.entities.ts` inside its own
// folder (core: audit, outbox, numbering; modules/<context>/...). No list names them all: the app,
// the seeds and the migration CLI all load them by this pattern.
const SRC = path.join(__dirname, '..', '..');
const EXT = __filename.endsWith('.ts') ? 'ts' : 'js';
export const ENTITY_GLOBS = [
  path.join(SRC, 'core', '**', `*.entity.${EXT}`),
  path.join(SRC, 'modules', '**', `*.entity.${EXT}`),
  path.join(SRC, 'modules', '**', `*.entities.${EXT}`),
];

export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITY_GLOBS,
    migrations: [MIGRATIONS_GLOB],
    migrationsTableName: 'migrations',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    // DB_LOG=1 prints every statement (to count a request's round trips); off otherwise.
    logging: process.env.DB_LOG === '1' ? ['query'] : false,
    extra: { max: Number(process.env.DB_POOL_SIZE ?? 20) },
  };
}

export async function runMigrations(url: string): Promise<string[]> {
  const ds = new DataSource(dataSourceOptions(url));
  await ds.initialize();
  try {
    const done = await ds.runMigrations({ transaction: 'each' });
    return done.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
}

/** For the TypeORM CLI: `typeorm migration:generate -d dist/server/src/core/database/data-source.js` */
export default new DataSource(
  dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pos'),
);
