import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { loadConfig } from '../config/config';
import { JobsController } from './jobs.controller';

export { IMPORTS_QUEUE } from './queues';
import { IMPORTS_QUEUE } from './queues';

/** BullMQ on the app's Redis; queues are registered here so any context can enqueue. */
@Global()
@Module({
  imports: [
    BullModule.forRoot({
      connection: { url: loadConfig().redisUrl, maxRetriesPerRequest: null, retryStrategy: (n: number) => Math.min(n * 500, 5000) } as never,
      prefix: process.env.BULL_PREFIX ?? 'pos',
    }),
    BullModule.registerQueue({ name: IMPORTS_QUEUE }),
  ],
  controllers: [JobsController],
  exports: [BullModule],
})
export class JobsModule {}
