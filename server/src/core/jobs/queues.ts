export const IMPORTS_QUEUE = 'imports';

/**
 * The BullMQ key prefix. Like the live-event names it includes the database name, so apps on one
 * Redis with different databases (a dev server and test runs) never take each other's jobs — a
 * worker would otherwise run another database's import against its own. `BULL_PREFIX` overrides;
 * the default database `pos` (and no URL) keep the plain `pos`.
 */
export function bullPrefix(
  databaseUrl: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (env.BULL_PREFIX) return env.BULL_PREFIX;
  let db = 'pos';
  try {
    db = decodeURIComponent(new URL(databaseUrl ?? '').pathname.replace(/^\//, '')) || 'pos';
  } catch {
    // not a URL (embedded database): keep the default
  }
  return db === 'pos' ? 'pos' : `pos:${db}`;
}
