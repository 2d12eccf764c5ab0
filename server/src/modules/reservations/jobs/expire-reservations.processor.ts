import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Queue } from 'bullmq';
import { ExpireReservationsCommand } from '../commands/expire-reservations/expire-reservations.command';

export const RESERVATIONS_QUEUE = 'reservations';
const HOURLY = 'expire-reservations-hourly';

/**
 * Every hour (on the hour, a BullMQ job scheduler: one run however many app instances) the
 * reservations past their expiry lapse and their stock is sellable again. The command is
 * idempotent, so a repeated or overlapping run does nothing twice.
 */
@Processor(RESERVATIONS_QUEUE)
export class ExpireReservationsProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger('ExpireReservations');

  constructor(
    private readonly commands: CommandBus,
    @InjectQueue(RESERVATIONS_QUEUE) private readonly queue: Queue,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    // Not awaited: without Redis the app still starts (the queue warns once, quietly).
    void this.queue
      .upsertJobScheduler(HOURLY, { pattern: '0 * * * *' }, { name: HOURLY })
      .catch((e: Error) => this.logger.warn(`hourly expiry job not scheduled: ${e.message}`));
  }

  async process(): Promise<{ expired: number }> {
    return this.commands.execute(new ExpireReservationsCommand());
  }
}
