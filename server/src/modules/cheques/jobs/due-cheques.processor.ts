import { InjectQueue, Processor } from '@nestjs/bullmq';
import { CommandBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { ScheduledProcessor } from '../../../core/jobs/scheduled-processor';
import { readStoreTimeZone } from '../../settings';
import { NotifyDueChequesCommand } from '../commands/notify-due-cheques/notify-due-cheques.command';

export const CHEQUES_QUEUE = 'cheques';

/**
 * Once a day, five minutes after the store's midnight, the branches hear which cheques now fall
 * due within the window (a BullMQ job scheduler: one run per day however many app instances).
 */
@Processor(CHEQUES_QUEUE)
export class DueChequesProcessor extends ScheduledProcessor {
  constructor(
    private readonly commands: CommandBus,
    @InjectQueue(CHEQUES_QUEUE) queue: Queue,
    @InjectDataSource() ds: DataSource,
  ) {
    super(
      queue,
      {
        name: 'due-cheques-daily',
        pattern: '5 0 * * *',
        what: 'daily due-cheques job',
        timeZone: () => readStoreTimeZone(ds),
      },
      'DueCheques',
    );
  }

  async process(): Promise<{ branches: number }> {
    return this.commands.execute(new NotifyDueChequesCommand());
  }
}
