import type { RedisOptions } from 'ioredis';
import { loadConfig } from '../config/config';

/**
 * Where the app's Redis is (decision 0127): REDIS_URL (default `redis://127.0.0.1:6379`), or,
 * with `REDIS_SENTINELS=host:port,host:port` and `REDIS_SENTINEL_NAME`, whichever server those
 * Sentinels name master of that name (ioredis asks them at each connect and follows a failover).
 * Every connection of the app is made from this: RedisService's (the live bus, the socket.io
 * adapter, the outbox relay) and BullMQ's queues and workers.
 */
export type RedisTarget =
  { kind: 'url'; url: string } | { kind: 'sentinel'; options: RedisOptions; label: string };

export function redisTarget(env: NodeJS.ProcessEnv = process.env): RedisTarget {
  const url = loadConfig(env).redisUrl;
  const list = (env.REDIS_SENTINELS ?? '').trim();
  if (!list) return { kind: 'url', url };
  const name = env.REDIS_SENTINEL_NAME?.trim();
  if (!name)
    throw new Error('REDIS_SENTINELS is set: set REDIS_SENTINEL_NAME too (the master name).');
  const sentinels = list.split(',').map((entry) => {
    const item = entry.trim();
    const at = item.lastIndexOf(':');
    const host = (at > 0 ? item.slice(0, at) : item).replace(/^\[|\]$/g, '');
    const port = at > 0 ? Number(item.slice(at + 1)) : 26379;
    if (!host || !Number.isInteger(port) || port <= 0 || port > 65535)
      throw new Error(`REDIS_SENTINELS: "${item}" is not host:port`);
    return { host, port };
  });
  // The master's password and database number, when REDIS_URL gives them, apply to it as before.
  const parsed = env.REDIS_URL ? new URL(env.REDIS_URL) : null;
  const db = parsed?.pathname.replace(/^\//, '');
  const options: RedisOptions = {
    sentinels,
    name,
    ...(parsed?.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed?.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(db ? { db: Number(db) } : {}),
    ...(env.REDIS_SENTINEL_PASSWORD ? { sentinelPassword: env.REDIS_SENTINEL_PASSWORD } : {}),
    // Subscribe to the Sentinels' +switch-master: reconnect to a new master at once rather than
    // when the old one's connection drops.
    failoverDetector: true,
    // A command that reached a demoted master (READONLY): reconnect (to the new master) and resend.
    reconnectOnError: (error) => (error.message.startsWith('READONLY') ? 2 : false),
  };
  return {
    kind: 'sentinel',
    options,
    label: `the Redis master "${name}" (Sentinels ${sentinels.map((s) => `${s.host}:${s.port}`).join(', ')})`,
  };
}

/** What the log calls the app's Redis. */
export function redisLabel(target: RedisTarget = redisTarget()): string {
  return target.kind === 'url' ? `Redis at ${target.url}` : target.label;
}
