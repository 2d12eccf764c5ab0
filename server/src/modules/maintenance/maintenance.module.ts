import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InventoryModule } from '../inventory';
import { SalesModule } from '../sales';
import { AddPartsHandler } from './commands/add-parts/add-parts.handler';
import { AddPhotoHandler } from './commands/add-photo/add-photo.handler';
import { CreateTicketHandler } from './commands/create-ticket/create-ticket.handler';
import { MoveTicketHandler } from './commands/move-ticket/move-ticket.handler';
import { RemovePartHandler } from './commands/remove-part/remove-part.handler';
import { UpdateTicketHandler } from './commands/update-ticket/update-ticket.handler';
import { MaintenanceController } from './controllers/maintenance.controller';
import {
  MaintenanceEventEntity,
  MaintenancePartEntity,
  MaintenancePhotoEntity,
  MaintenanceTicketEntity,
} from './entities/maintenance.entities';
import { MaintenancePostJournalHandler } from './events/on-maintenance-events.post-journal.handler';
import { MaintenanceQueries } from './queries/maintenance.queries';

@Module({
  imports: [
    TypeOrmModule.forFeature([
      MaintenanceTicketEntity,
      MaintenancePartEntity,
      MaintenanceEventEntity,
      MaintenancePhotoEntity,
    ]),
    InventoryModule,
    SalesModule,
  ],
  controllers: [MaintenanceController],
  providers: [
    MaintenanceQueries,
    CreateTicketHandler,
    UpdateTicketHandler,
    MoveTicketHandler,
    AddPartsHandler,
    RemovePartHandler,
    AddPhotoHandler,
    MaintenancePostJournalHandler,
  ],
})
export class MaintenanceModule {}
