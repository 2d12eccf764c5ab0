import { Logger } from '@nestjs/common';
import { isNotConnectionError, Queue, Worker } from 'bullmq';
import { reportRedisUnreachable } from '../redis/redis.service';

const logger = new Logger('Jobs');

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/** Redis being away (refused, reset, unresolvable, closed, out of retries), as opposed to a bug. */
export function isRedisConnectionError(error: Error & { code?: string }): boolean {
  return (
    !isNotConnectionError(error) ||
    (error.code !== undefined && NETWORK_CODES.has(error.code)) ||
    error.name === 'MaxRetriesPerRequestError'
  );
}

/**
 * The one 'error' listener of every BullMQ queue and worker (and of any QueueEvents one adds: call
 * this on it too). Without one,
 * BullMQ prints the full stack trace at every retry while Redis is down. Connection errors go to
 * RedisService's single plain "Redis … cannot be reached" warning (once per outage); anything
 * else is one plain line with what failed.
 */
export function routeBullErrors(
  emitter: { on(event: 'error', listener: (error: Error) => void): unknown },
  name: string,
): void {
  emitter.on('error', (error: Error & { code?: string }) => {
    if (isRedisConnectionError(error)) reportRedisUnreachable(error);
    else logger.error(`BullMQ ${name}: ${error.message}`);
  });
}

// Subclasses that listen from the constructor on, before the first connection attempt can fail.
// JobsModule makes @nestjs/bullmq build every queue and @Processor worker from these.

export class QuietQueue extends Queue {
  constructor(...args: ConstructorParameters<typeof Queue>) {
    super(...args);
    routeBullErrors(this, `queue ${this.name}`);
  }
}

export class QuietWorker extends Worker {
  constructor(...args: ConstructorParameters<typeof Worker>) {
    super(...args);
    routeBullErrors(this, `worker ${this.name}`);
  }
}
