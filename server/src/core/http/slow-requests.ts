import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';

const logger = new Logger('SlowRequest');

/** A request still running after this long is reported once (SLOW_REQUEST_MS; 0: never). */
const slowMs = () => Number(process.env.SLOW_REQUEST_MS ?? 20_000);

type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number };

/**
 * What the database is doing for this app when a request is slow: every session of its database
 * that is not idle, with what it waits on and who blocks it. Read on a connection of its own (the
 * pool may be the thing that is exhausted), given five seconds.
 */
async function databaseActivity(ds: DataSource): Promise<unknown[]> {
  const options = ds.options as { url?: string };
  if (!options.url) return [];
  const client = new Client({
    connectionString: options.url,
    connectionTimeoutMillis: 5_000,
    statement_timeout: 5_000,
  });
  try {
    await client.connect();
    const { rows } = await client.query(
      `SELECT pid, state, wait_event_type AS "waitType", wait_event AS "wait",
              pg_blocking_pids(pid) AS "blockedBy",
              round(extract(epoch FROM now() - xact_start))::int AS "inTransactionSeconds",
              left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query
         FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'
        ORDER BY xact_start NULLS LAST`,
    );
    return rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Reports a request that has not been answered after SLOW_REQUEST_MS (docs/reliability.md): its
 * method and path, the pool's counts and what the database is doing, once per request. A request
 * that hangs is then seen in the server's log with its cause, not only as a client's time-out.
 */
export function reportSlowRequests(ds: DataSource | null, after = slowMs(), log = logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!after || !req.path.startsWith('/api/')) return next();
    const started = Date.now();
    const timer = setTimeout(() => {
      const pool = (ds?.driver as unknown as { master?: PoolCounts } | undefined)?.master;
      const counts = pool
        ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }
        : null;
      void (ds ? databaseActivity(ds) : Promise.resolve([]))
        .catch((e: Error) => [`activity not read: ${e.message}`])
        .then((activity) =>
          log.error(
            `${req.method} ${req.path} unanswered after ${Date.now() - started} ms; pool ${JSON.stringify(counts)}; database ${JSON.stringify(activity)}`,
          ),
        );
    }, after);
    timer.unref();
    const done = () => clearTimeout(timer);
    res.once('finish', done);
    res.once('close', done);
    next();
  };
}
