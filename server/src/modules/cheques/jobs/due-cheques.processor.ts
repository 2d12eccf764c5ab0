import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { readStoreTimeZone } from '../../settings';
import { NotifyDueChequesCommand } from '../commands/notify-due-cheques/notify-due-cheques.command';

export const CHEQUES_QUEUE = 'cheques';
const DAILY = 'due-cheques-daily';

/**
 * Once a day, five minutes after the store's midnight, the branches hear which cheques now fall
 * due within the window (a BullMQ job scheduler: one run per day however many app instances).
 */
@Processor(CHEQUES_QUEUE)
export class DueChequesProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger('DueCheques');

  constructor(
    private readonly commands: CommandBus,
    @InjectQueue(CHEQUES_QUEUE) private readonly queue: Queue,
    @InjectDataSource() private readonly ds: DataSource,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    // Not awaited: without Redis the app still starts (the queue warns once, quietly).
    void readStoreTimeZone(this.ds)
      .then((tz) =>
        this.queue.upsertJobScheduler(DAILY, { pattern: '5 0 * * *', tz }, { name: DAILY }),
      )
      .catch((e: Error) => this.logger.warn(`daily due-cheques job not scheduled: ${e.message}`));
  }

  async process(): Promise<{ branches: number }> {
    return this.commands.execute(new NotifyDueChequesCommand());
  }
}
