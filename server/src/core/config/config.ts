import * as fs from 'node:fs';
import * as path from 'node:path';

// Environment, read once. Everything has a default so `npm start` works on a fresh machine.
export type AppConfig = {
  port: number;
  databaseUrl: string | null;
  /** A streaming replica of databaseUrl's database for the reports' reads (decision 0127). */
  databaseReadUrl: string | null;
  redisUrl: string;
  adminPassword: string | null;
  masterKey: string | null;
  dataDir: string;
  clientDist: string;
  appName: string;
  storeTimeZone: string;
  sessionDays: number;
  trustProxy: boolean;
  /** Strict-Transport-Security max-age in seconds; 0 (default) sends none (plain-HTTP LAN installs). */
  hstsSeconds: number;
  logLevel: 'silent' | 'normal';
  /**
   * argon2id's cost for new password hashes: 'standard' (default: the library's m = 64 MiB, t = 3,
   * p = 4, about 0.2 s of CPU per hash or check on these machines) or 'test' (m = 1 MiB, t = 1,
   * p = 1: for test runs only, `PASSWORD_HASH_COST=test`, where hundreds of users are made and
   * signed in). A check always uses the cost written in the hash it checks.
   */
  passwordHashCost: 'standard' | 'test';
  /**
   * How long an idle keep-alive connection stays open (HTTP_KEEP_ALIVE_MS, 65,000 ms; bounded to
   * 5,000–600,000): longer than the load balancer's and the clients' own idle times, so the server
   * is never the side that closes a connection a client is about to reuse (decision 0141).
   */
  httpKeepAliveMs: number;
};

function within(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** The repository root: the nearest folder up from here that holds nest-cli.json. */
export const ROOT_DIR = findRoot(__dirname);

function findRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'nest-cli.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    port: Number(env.PORT ?? 3000),
    databaseUrl: env.DATABASE_URL || null,
    databaseReadUrl: env.DATABASE_READ_URL || null,
    redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
    adminPassword: env.ADMIN_PASSWORD || null,
    masterKey: env.MASTER_KEY || null,
    dataDir: path.resolve(env.DATA_DIR || path.join(ROOT_DIR, 'data')),
    clientDist: path.resolve(env.CLIENT_DIST || path.join(ROOT_DIR, 'client', 'dist')),
    appName: env.APP_NAME || 'نقطة بيع',
    storeTimeZone: env.STORE_TIME_ZONE || 'Africa/Cairo',
    sessionDays: Number(env.SESSION_DAYS ?? 14),
    trustProxy: env.TRUST_PROXY === '1',
    hstsSeconds: Math.max(0, Number(env.HSTS_MAX_AGE ?? 0) || 0),
    logLevel: env.LOG_LEVEL === 'silent' ? 'silent' : 'normal',
    passwordHashCost: env.PASSWORD_HASH_COST === 'test' ? 'test' : 'standard',
    httpKeepAliveMs: within(Number(env.HTTP_KEEP_ALIVE_MS ?? 65_000) || 65_000, 5_000, 600_000),
  };
}
