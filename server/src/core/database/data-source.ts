import * as path from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { SnakeNamingStrategy } from './naming.strategy';

// Migrations live in /migrations at the repo root and compile to dist/migrations.
// Compiled code loads the .js files only (never .d.ts); tests running from source load the .ts.
const MIGRATIONS_GLOB = path.join(
  __dirname,
  '..',
  '..',
  '..',
  '..',
  'migrations',
  __filename.endsWith('.ts') ? '*.ts' : '*.js',
);

/**
 * The connection settings shared by the app and the scripts. No entities: each context registers
 * its own (`TypeOrmModule.forFeature` in its module; the app's root loads them with
 * `autoLoadEntities`), and the migrations are SQL. `readUrl`: a read replica (the app's
 * DATABASE_READ_URL) for the reads ReplicaReads runs. A script that works with entity classes outside
 * Nest takes `appDataSource` (server/src/app-data-source.ts).
 */
export function dataSourceOptions(url: string, readUrl?: string | null): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    // DATABASE_READ_URL (decision 0127): TypeORM's replication, with the primary ('master') as
    // the default for everything, reads included; only ReplicaReads asks for the replica
    // ('slave'). Without it the options are exactly what they were.
    ...(readUrl
      ? { replication: { master: { url }, slaves: [{ url: readUrl }], defaultMode: 'master' } }
      : {}),
    migrations: [MIGRATIONS_GLOB],
    migrationsTableName: 'migrations',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    // DB_LOG=1 prints every statement (to count a request's round trips); off otherwise.
    logging: process.env.DB_LOG === '1' ? ['query'] : false,
    // A connection idle for DB_POOL_IDLE_MS (10 minutes) is closed; pg's own default is 10 s, after
    // which a burst met only new backends, each with cold caches: on a slow machine the first
    // seconds of 100 sales/s after a 20 s pause answered in up to 2 s (decision 0137).
    extra: {
      max: Number(process.env.DB_POOL_SIZE ?? 20),
      idleTimeoutMillis: Number(process.env.DB_POOL_IDLE_MS ?? 600_000),
    },
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
