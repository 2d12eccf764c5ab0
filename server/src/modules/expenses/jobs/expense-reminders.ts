import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { OutboxService } from '../../../core/outbox/outbox.service';
import { bookDates } from '../../accounting';
import { dueRecurring } from '../services/due';

export const EXPENSE_REMINDERS_QUEUE = 'expense-reminders';
const DAILY = 'recurring-expenses-due';

/**
 * The monthly reminder of recurring expenses: once a day (06:00 in the store's time zone) every
 * branch with templates due gets the `expenses.due` push with their count, so the /Expenses page
 * and the dashboard show them without a reload. What is due is always computed at read time
 * (GET /Expenses/due); the job only tells the screens.
 */
@Injectable()
export class ExpenseReminders implements OnApplicationBootstrap {
  private readonly logger = new Logger('ExpenseReminders');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectQueue(EXPENSE_REMINDERS_QUEUE) private readonly queue: Queue,
    private readonly outbox: OutboxService,
  ) {}

  /** Schedules the daily job (idempotent: one scheduler by name); Redis away only logs. */
  onApplicationBootstrap(): void {
    void bookDates(this.ds.manager)
      .then(({ timeZone }) =>
        this.queue.upsertJobScheduler(
          DAILY,
          { pattern: '0 6 * * *', tz: timeZone },
          { name: DAILY },
        ),
      )
      .catch((e: Error) => this.logger.warn(`daily reminder not scheduled: ${e.message}`));
  }

  /** Pushes each branch its count of due templates; returns the branches told. */
  async remind(): Promise<{ branchId: string; count: number }[]> {
    return this.ds.transaction(async (m) => {
      const { timeZone } = await bookDates(m);
      const counts = new Map<string, number>();
      for (const t of await dueRecurring(m, timeZone, null))
        counts.set(t.branchId, (counts.get(t.branchId) ?? 0) + 1);
      const told = [...counts].map(([branchId, count]) => ({ branchId, count }));
      await this.outbox.addMany(
        m,
        told.map(({ branchId, count }) => ({ branchId, type: 'expenses.due', payload: { count } })),
      );
      return told;
    });
  }
}

@Processor(EXPENSE_REMINDERS_QUEUE)
export class ExpenseRemindersProcessor extends WorkerHost {
  constructor(private readonly reminders: ExpenseReminders) {
    super();
  }

  async process(): Promise<{ branches: number }> {
    return { branches: (await this.reminders.remind()).length };
  }
}
