import { WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';

export type Schedule = {
  /** the job scheduler's id, also the job's name */
  name: string;
  /** cron pattern */
  pattern: string;
  /** what the warning names when it cannot be registered */
  what: string;
  /** the time zone the pattern runs in (none: the server's) */
  timeZone?: () => Promise<string>;
};

/**
 * A queue worker whose job runs on a BullMQ job scheduler (one run per period however many app
 * instances); the scheduler is registered on boot, not awaited: without Redis the app still
 * starts (the queue warns once, quietly).
 */
export abstract class ScheduledProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger: Logger;

  protected constructor(
    protected readonly queue: Queue,
    private readonly schedule: Schedule,
    loggerName: string,
  ) {
    super();
    this.logger = new Logger(loggerName);
  }

  onApplicationBootstrap(): void {
    const { name, pattern, what, timeZone } = this.schedule;
    void (timeZone ? timeZone().then((tz) => ({ pattern, tz })) : Promise.resolve({ pattern }))
      .then((repeat) => this.queue.upsertJobScheduler(name, repeat, { name }))
      .catch((e: Error) => this.logger.warn(`${what} not scheduled: ${e.message}`));
  }
}
