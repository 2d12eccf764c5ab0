import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { loadConfig } from '../config/config';

const HOW_TO_START =
  'Start one with `docker compose up -d redis` or `apt-get install redis-server`, or set REDIS_URL.';

/**
 * The app's Redis connections. Redis being away never stops the app: connections retry forever,
 * and the log says plainly what is wrong and how to fix it (once per outage, not per retry).
 */
@Injectable()
export class RedisService implements OnModuleDestroy {
  private readonly logger = new Logger('Redis');
  private readonly url = loadConfig().redisUrl;
  private readonly clients: Redis[] = [];
  private down = false;
  readonly client: Redis;

  constructor() {
    this.client = this.create('main');
  }

  /** A new connection (subscribers and BullMQ need their own). */
  create(name: string, options: { maxRetriesPerRequest?: number | null } = {}): Redis {
    const client = new Redis(this.url, {
      lazyConnect: false,
      maxRetriesPerRequest: options.maxRetriesPerRequest === undefined ? 1 : options.maxRetriesPerRequest,
      enableOfflineQueue: true,
      connectionName: `pos:${name}`,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    client.on('error', (error: Error & { code?: string }) => {
      if (this.down) return;
      this.down = true;
      this.logger.warn(
        `Redis at ${this.url} cannot be reached (${error.code ?? error.message}). ` +
          `The app keeps running and retrying; live updates and background jobs wait for it. ${HOW_TO_START}`,
      );
    });
    client.on('ready', () => {
      if (this.down) this.logger.log(`Redis at ${this.url} is reachable again.`);
      this.down = false;
    });
    this.clients.push(client);
    return client;
  }

  get isReady(): boolean {
    return this.client.status === 'ready';
  }

  async onModuleDestroy() {
    await Promise.all(this.clients.map((c) => c.quit().catch(() => c.disconnect())));
  }
}
