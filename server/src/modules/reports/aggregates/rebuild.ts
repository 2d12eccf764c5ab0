import { loadConfig } from '../../../core/config/config';
import { rebuildAggregatesSql } from './aggregate-sql';

type Queryable = { query(sql: string, params?: unknown[]): Promise<unknown> };

/**
 * Recomputes every report aggregate from the raw lines (seed:large, the demo seed, the bench and
 * `npm run reports:rebuild`). Not while the store takes sales: see rebuildAggregatesSql.
 */
export async function rebuildReportAggregates(db: Queryable): Promise<void> {
  const res = (await db.query(
    `SELECT COALESCE((SELECT time_zone FROM store_settings WHERE id = 1), $1) AS tz`,
    [loadConfig().storeTimeZone],
  )) as { rows?: { tz: string }[] } | { tz: string }[];
  const rows = Array.isArray(res) ? res : (res.rows ?? []);
  const tz = rows[0]?.tz ?? loadConfig().storeTimeZone;
  for (const sql of rebuildAggregatesSql()) {
    await db.query(sql, sql.includes('$1') ? [tz] : []);
  }
}
