import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import Redis, { type RedisOptions } from 'ioredis';
import { redisLabel, redisTarget } from './redis-connection';

const HOW_TO_START =
  'Start one with `docker compose up -d redis` or `apt-get install redis-server`, or set REDIS_URL ' +
  '(or REDIS_SENTINELS and REDIS_SENTINEL_NAME).';

const logger = new Logger('Redis');
let down = false;
let stopping = false;

/**
 * The app is stopping: connections that close (or fail to write, EPIPE) from now on are the stop
 * itself, not an outage, and are not reported.
 */
export function markRedisStopping(): void {
  stopping = true;
}

/**
 * Redis cannot be reached: say so plainly, once per outage (not at every retry), with how to fix
 * it. Every Redis user reports here — RedisService's connections and BullMQ's queues and workers
 * (core/jobs/quiet-bullmq.ts) — so an outage prints one plain line, never stack traces.
 */
export function reportRedisUnreachable(error: Error & { code?: string }): void {
  if (down || stopping) return;
  down = true;
  logger.warn(
    `${redisLabel()} cannot be reached (${error.code ?? error.message}). ` +
      `The app keeps running and retrying; live updates and background jobs wait for it. ${HOW_TO_START}`,
  );
}

/** A connection is ready again: the next outage is reported again. */
export function reportRedisReachable(): void {
  if (down) logger.log(`${redisLabel()} is reachable again.`);
  down = false;
}

/**
 * The app's Redis connections. Redis being away never stops the app: connections retry forever,
 * and the log says plainly what is wrong and how to fix it (once per outage, not per retry).
 */
@Injectable()
export class RedisService implements OnModuleDestroy {
  private readonly target = redisTarget();
  private readonly clients: Redis[] = [];
  readonly client: Redis;

  constructor() {
    // A new app (tests start several in one process) is not stopping.
    stopping = false;
    this.client = this.create('main');
  }

  /** A new connection (subscribers and BullMQ need their own). */
  create(name: string, options: { maxRetriesPerRequest?: number | null } = {}): Redis {
    const own: RedisOptions = {
      lazyConnect: false,
      maxRetriesPerRequest:
        options.maxRetriesPerRequest === undefined ? 1 : options.maxRetriesPerRequest,
      enableOfflineQueue: true,
      connectionName: `pos:${name}`,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    };
    const client =
      this.target.kind === 'url'
        ? new Redis(this.target.url, own)
        : new Redis({ ...this.target.options, ...own });
    client.on('error', (error: Error & { code?: string }) => reportRedisUnreachable(error));
    client.on('ready', () => reportRedisReachable());
    this.clients.push(client);
    return client;
  }

  get isReady(): boolean {
    return this.client.status === 'ready';
  }

  async onModuleDestroy() {
    markRedisStopping();
    await Promise.all(this.clients.map((c) => c.quit().catch(() => c.disconnect())));
  }
}
