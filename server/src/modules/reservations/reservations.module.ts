import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InventoryModule } from '../inventory';
import { SalesModule } from '../sales';
import { CancelReservationHandler } from './commands/cancel-reservation/cancel-reservation.handler';
import { ConvertReservationHandler } from './commands/convert-reservation/convert-reservation.handler';
import { CreateReservationHandler } from './commands/create-reservation/create-reservation.handler';
import { ExpireReservationsHandler } from './commands/expire-reservations/expire-reservations.handler';
import { ReservationsController } from './controllers/reservations.controller';
import { ReservationEntity, ReservationLineEntity } from './entities/reservation.entities';
import { ReservationPostJournalHandler } from './events/on-reservation-events.post-journal.handler';
import {
  ExpireReservationsProcessor,
  RESERVATIONS_QUEUE,
} from './jobs/expire-reservations.processor';
import { ReservationsQueries } from './queries/reservations.queries';

@Module({
  imports: [
    TypeOrmModule.forFeature([ReservationEntity, ReservationLineEntity]),
    BullModule.registerQueue({ name: RESERVATIONS_QUEUE }),
    InventoryModule,
    SalesModule,
  ],
  controllers: [ReservationsController],
  providers: [
    ReservationsQueries,
    CreateReservationHandler,
    ConvertReservationHandler,
    CancelReservationHandler,
    ExpireReservationsHandler,
    ReservationPostJournalHandler,
    ExpireReservationsProcessor,
  ],
})
export class ReservationsModule {}
