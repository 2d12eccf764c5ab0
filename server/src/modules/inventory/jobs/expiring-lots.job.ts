import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { OutboxService } from '../../../core/outbox/outbox.service';
import { expiringEvents, expiryWindow } from '../services/expiring-lots';

export const EXPIRING_LOTS_QUEUE = 'expiring-lots';
const DAILY = 'lots-expiring-daily';

/**
 * The daily check of lots near expiry (issue 34 item 7, docs/decisions/0111): at 06:00 in the
 * store's time zone every branch with lots in the window (or past it) gets the `lots.expiring`
 * push with their counts, so its list and the screens refresh as lots enter the window by the
 * days passing. The list itself is always computed at read time (GET /Batches/expiring); a lot
 * received already inside the window is pushed by the receipt itself (recordTracked).
 */
@Injectable()
export class ExpiringLotsCheck implements OnApplicationBootstrap {
  private readonly logger = new Logger('ExpiringLotsCheck');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectQueue(EXPIRING_LOTS_QUEUE) private readonly queue: Queue,
    private readonly outbox: OutboxService,
  ) {}

  /** Schedules the daily job (idempotent: one scheduler by name); Redis away only logs. */
  onApplicationBootstrap(): void {
    void expiryWindow(this.ds.manager)
      .then(({ timeZone }) =>
        this.queue.upsertJobScheduler(
          DAILY,
          { pattern: '0 6 * * *', tz: timeZone },
          { name: DAILY },
        ),
      )
      .catch((e: Error) => this.logger.warn(`daily expiry check not scheduled: ${e.message}`));
  }

  /** Pushes each branch with lots in the window its counts; returns the branches told. */
  async check(): Promise<{ branchId: string; expiring: number; expired: number }[]> {
    return this.ds.transaction(async (m) => {
      const events = await expiringEvents(m, null);
      await this.outbox.addMany(m, events);
      return events.map((e) => ({
        branchId: e.branchId,
        ...(e.payload as { expiring: number; expired: number }),
      }));
    });
  }
}

@Processor(EXPIRING_LOTS_QUEUE)
export class ExpiringLotsProcessor extends WorkerHost {
  constructor(private readonly check: ExpiringLotsCheck) {
    super();
  }

  async process(): Promise<{ branches: number }> {
    return { branches: (await this.check.check()).length };
  }
}
