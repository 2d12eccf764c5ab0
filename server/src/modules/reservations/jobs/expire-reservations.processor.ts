import { InjectQueue, Processor } from '@nestjs/bullmq';
import { CommandBus } from '@nestjs/cqrs';
import type { Queue } from 'bullmq';
import { ScheduledProcessor } from '../../../core/jobs/scheduled-processor';
import { ExpireReservationsCommand } from '../commands/expire-reservations/expire-reservations.command';

export const RESERVATIONS_QUEUE = 'reservations';

/**
 * Every hour (on the hour, a BullMQ job scheduler: one run however many app instances) the
 * reservations past their expiry lapse and their stock is sellable again. The command is
 * idempotent, so a repeated or overlapping run does nothing twice.
 */
@Processor(RESERVATIONS_QUEUE)
export class ExpireReservationsProcessor extends ScheduledProcessor {
  constructor(
    private readonly commands: CommandBus,
    @InjectQueue(RESERVATIONS_QUEUE) queue: Queue,
  ) {
    super(
      queue,
      { name: 'expire-reservations-hourly', pattern: '0 * * * *', what: 'hourly expiry job' },
      'ExpireReservations',
    );
  }

  async process(): Promise<{ expired: number }> {
    return this.commands.execute(new ExpireReservationsCommand());
  }
}
