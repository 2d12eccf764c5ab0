import { InjectQueue, Processor } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { IDEMPOTENCY_KEY_RETENTION_DAYS } from '@pos/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { ScheduledProcessor } from './scheduled-processor';

export const IDEMPOTENCY_QUEUE = 'idempotency';

/**
 * Deletes the Idempotency-Keys (and their stored answers) older than the retention
 * (`IDEMPOTENCY_KEY_RETENTION_DAYS`, libs/contracts). Returns how many went.
 */
export async function purgeIdempotencyKeys(
  m: EntityManager | DataSource,
  retentionDays = IDEMPOTENCY_KEY_RETENTION_DAYS,
): Promise<number> {
  const [, count] = (await m.query(
    `DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(days => $1)`,
    [retentionDays],
  )) as [unknown, number];
  return count;
}

/**
 * Every night (03:15, a BullMQ job scheduler: one run however many app instances) the keys past
 * their retention are purged; the table's `created_at` index serves the delete.
 */
@Processor(IDEMPOTENCY_QUEUE)
export class IdempotencyPurgeProcessor extends ScheduledProcessor {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectQueue(IDEMPOTENCY_QUEUE) queue: Queue,
  ) {
    super(
      queue,
      { name: 'purge-idempotency-keys-daily', pattern: '15 3 * * *', what: 'idempotency purge' },
      'IdempotencyPurge',
    );
  }

  async process(): Promise<{ purged: number }> {
    return { purged: await purgeIdempotencyKeys(this.ds) };
  }
}
