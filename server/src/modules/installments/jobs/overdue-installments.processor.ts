import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { readStoreTimeZone } from '../../settings';
import { MarkOverdueInstallmentsCommand } from '../commands/mark-overdue-installments/mark-overdue-installments.command';
import type { MarkOverdueResult } from '../commands/mark-overdue-installments/mark-overdue-installments.handler';

export const INSTALLMENTS_QUEUE = 'installments';
export const OVERDUE_SCHEDULER = 'overdue-installments-daily';
/** Every morning at 06:00 in the store's time zone. */
export const OVERDUE_PATTERN = '0 6 * * *';
const WATCH_MS = 5 * 60_000;

/**
 * The morning scan of installments (MarkOverdueInstallments) as a BullMQ job scheduler: one run a
 * day however many app instances. The scheduler lives in Redis, so it is (re)registered on boot
 * and again whenever the queue's Redis connection comes back (a restarted Redis may have lost
 * it); each time one catch-up run is queued too — the scan is idempotent, so a run the morning
 * missed while Redis or the app was down happens as soon as both are back, and an extra run
 * writes nothing.
 */
@Processor(INSTALLMENTS_QUEUE)
export class OverdueInstallmentsProcessor
  extends WorkerHost
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('OverdueInstallments');
  private retry: NodeJS.Timeout | null = null;
  private watch: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly commands: CommandBus,
    @InjectQueue(INSTALLMENTS_QUEUE) private readonly queue: Queue,
    @InjectDataSource() private readonly ds: DataSource,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    // Not awaited: without Redis the app still starts; registration retries until it succeeds.
    void this.queue.backend.client
      .then((client) => client.on('ready', () => void this.register()))
      .catch(() => undefined);
    void this.register();
    // A Redis restarted without its data between two reconnects: look again now and then.
    this.watch = setInterval(() => void this.ensure(), WATCH_MS);
    this.watch.unref();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.watch) clearInterval(this.watch);
  }

  /** Registers again when the scheduler is missing from Redis. */
  async ensure(): Promise<void> {
    try {
      if (!(await this.queue.getJobScheduler(OVERDUE_SCHEDULER))) await this.register();
    } catch {
      // Redis away: the 'ready' event or the next look registers it.
    }
  }

  /** Upserts the daily scheduler and queues one catch-up run (deduplicated per store day). */
  async register(): Promise<boolean> {
    if (this.stopped) return false;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    try {
      const tz = await readStoreTimeZone(this.ds);
      await this.queue.upsertJobScheduler(
        OVERDUE_SCHEDULER,
        { pattern: OVERDUE_PATTERN, tz },
        { name: OVERDUE_SCHEDULER },
      );
      const [{ today }] = await this.ds.query(
        `SELECT (now() AT TIME ZONE $1)::date::text AS today`,
        [tz],
      );
      await this.queue.add(
        'overdue-installments-catch-up',
        {},
        { jobId: `catch-up-${today}`, removeOnComplete: 50, removeOnFail: 50 },
      );
      return true;
    } catch (e) {
      this.logger.warn(`overdue-installments job not scheduled: ${(e as Error).message}`);
      if (!this.stopped) {
        this.retry = setTimeout(() => void this.register(), 30_000);
        this.retry.unref();
      }
      return false;
    }
  }

  async process(): Promise<MarkOverdueResult> {
    return this.commands.execute(new MarkOverdueInstallmentsCommand());
  }
}
