import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { redisTarget } from '../redis/redis-connection';
import { IdempotencyPurgeProcessor, IDEMPOTENCY_QUEUE } from './idempotency-purge';
import { JobsController } from './jobs.controller';

export { IMPORTS_QUEUE } from './queues';
import { QuietQueue, QuietWorker } from './quiet-bullmq';
import { bullPrefix, IMPORTS_QUEUE } from './queues';

// Every queue registered below and every @Processor worker is built from these: each has an
// 'error' listener from its first moment, so Redis being down is the one plain warning of
// RedisService, not a stack trace at every retry. Set before registerQueue() reads them.
BullModule.queueClass = QuietQueue;
BullModule.workerClass = QuietWorker;

// Read once, when the module loads (as before the prefix became per database). REDIS_URL, or
// through Sentinel (core/redis/redis-connection.ts).
const target = redisTarget();
const connection = {
  ...(target.kind === 'url' ? { url: target.url } : target.options),
  maxRetriesPerRequest: null,
  retryStrategy: (n: number) => Math.min(n * 500, 5000),
};

/** BullMQ on the app's Redis; queues are registered here so any context can enqueue. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [DataSource],
      useFactory: (ds: DataSource) => ({
        connection: connection as never,
        prefix: bullPrefix((ds.options as { url?: string }).url),
      }),
    }),
    BullModule.registerQueue({ name: IMPORTS_QUEUE }),
    BullModule.registerQueue({ name: IDEMPOTENCY_QUEUE }),
  ],
  controllers: [JobsController],
  providers: [IdempotencyPurgeProcessor],
  exports: [BullModule],
})
export class JobsModule {}
