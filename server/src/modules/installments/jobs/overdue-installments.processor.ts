import { randomUUID } from 'node:crypto';
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
/** How often the scheduler's registration is checked (INSTALLMENTS_JOB_WATCH_MS; 30 s). */
const watchMs = () => Number(process.env.INSTALLMENTS_JOB_WATCH_MS) || 30_000;
export const CATCH_UP = 'overdue-installments-catch-up';

/**
 * The morning scan of installments (MarkOverdueInstallments) as a BullMQ job scheduler: one run a
 * day however many app instances. The scheduler lives in Redis, so it is registered on boot and
 * again whenever Redis was restarted (its INFO run_id changed; a restarted Redis may have lost
 * it), looked at every 30 s; each time one catch-up run is queued too — the scan is idempotent,
 * so a run the morning missed while Redis or the app was down happens as soon as both are back,
 * and an extra run writes nothing.
 */
@Processor(INSTALLMENTS_QUEUE)
export class OverdueInstallmentsProcessor
  extends WorkerHost
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('OverdueInstallments');
  private warned = false;
  private watch: NodeJS.Timeout | null = null;
  private stopped = false;
  private busy = false;
  /** the Redis instance (INFO run_id) the scheduler was last registered in */
  private runId: string | null = null;

  constructor(
    private readonly commands: CommandBus,
    @InjectQueue(INSTALLMENTS_QUEUE) private readonly queue: Queue,
    @InjectDataSource() private readonly ds: DataSource,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    // Not awaited: without Redis the app still starts; the watch registers once Redis answers.
    void this.ensure();
    this.watch = setInterval(() => void this.ensure(), watchMs());
    this.watch.unref();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.watch) clearInterval(this.watch);
  }

  /**
   * Registers when this Redis has not seen the registration yet: on the first look, and after a
   * restart (a new run_id: a Redis that came back may have lost the scheduler, and the morning's
   * run may have been missed while it was away).
   */
  async ensure(): Promise<void> {
    if (this.stopped || this.busy) return;
    this.busy = true;
    try {
      const client = await this.queue.backend.client;
      const info = await client.info();
      const runId = /run_id:(\w+)/.exec(info)?.[1] ?? 'unknown';
      const missing = !(await this.queue.getJobScheduler(OVERDUE_SCHEDULER));
      if ((runId !== this.runId || missing) && (await this.register())) this.runId = runId;
    } catch {
      // Redis away: the next look registers.
    } finally {
      this.busy = false;
    }
  }

  /** Upserts the daily scheduler and queues one catch-up run. */
  async register(): Promise<boolean> {
    if (this.stopped) return false;
    try {
      const tz = await readStoreTimeZone(this.ds);
      await this.queue.upsertJobScheduler(
        OVERDUE_SCHEDULER,
        { pattern: OVERDUE_PATTERN, tz },
        { name: OVERDUE_SCHEDULER },
      );
      // A fresh id each time: a job of the same id may linger in a Redis that came back (a worker
      // finishing its run across the outage writes it again), and would swallow this run.
      await this.queue.add(
        CATCH_UP,
        {},
        { jobId: `${CATCH_UP}-${randomUUID()}`, removeOnComplete: 50, removeOnFail: 50 },
      );
      return true;
    } catch (e) {
      if (!this.warned && !this.stopped)
        this.logger.warn(`overdue-installments job not scheduled yet: ${(e as Error).message}`);
      this.warned = true;
      return false;
    }
  }

  async process(): Promise<MarkOverdueResult> {
    return this.commands.execute(new MarkOverdueInstallmentsCommand());
  }
}
