import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';

const names = new Map<string, string>();

/**
 * Runs a statement as a named prepared statement: PostgreSQL parses and plans it once per
 * connection instead of on every call. For the hot paths (the sale, the session look-up), whose
 * CTE-heavy statements cost more to plan than to run. Only for a bounded set of SQL texts (each
 * distinct text stays prepared on every pooled connection). Errors are TypeORM's as with `query`.
 */
export function preparedQuery<T = Record<string, unknown>>(
  m: Pick<EntityManager, 'query'>,
  text: string,
  params: unknown[],
): Promise<T[]> {
  let name = names.get(text);
  if (!name) {
    name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  // node-postgres takes a query config object where TypeORM passes the SQL through.
  return m.query({ name, text } as unknown as string, params);
}
