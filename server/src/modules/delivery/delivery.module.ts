import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SalesModule } from '../sales';
import { CreateDeliveryHandler } from './commands/create-delivery/create-delivery.handler';
import { SettleDriverHandler } from './commands/settle-driver/settle-driver.handler';
import { StepDeliveryHandler } from './commands/step-delivery/step-delivery.handler';
import { DeliveryController } from './controllers/delivery.controller';
import {
  DeliveryEventEntity,
  DeliveryOrderEntity,
  DeliverySettlementEntity,
} from './entities/delivery.entities';
import { DeliveryPostJournalHandler } from './events/on-delivery-events.post-journal.handler';
import { DeliveryQueries } from './queries/delivery.queries';

@Module({
  imports: [
    TypeOrmModule.forFeature([DeliveryOrderEntity, DeliveryEventEntity, DeliverySettlementEntity]),
    SalesModule,
  ],
  controllers: [DeliveryController],
  providers: [
    DeliveryQueries,
    CreateDeliveryHandler,
    StepDeliveryHandler,
    SettleDriverHandler,
    DeliveryPostJournalHandler,
  ],
})
export class DeliveryModule {}
