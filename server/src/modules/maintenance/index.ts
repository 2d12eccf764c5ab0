// Maintenance: repair tickets (intake, status flow, parts out of stock, labour, deposit and the
// bill through a vault and the books). Other contexts import only from here.
export { MaintenanceModule } from './maintenance.module';
export {
  MaintenanceEventEntity,
  MaintenancePartEntity,
  MaintenanceTicketEntity,
} from './entities/maintenance.entities';
export { AddPartsCommand } from './commands/add-parts/add-parts.command';
export { AddPartsHandler } from './commands/add-parts/add-parts.handler';
export { CreateTicketCommand } from './commands/create-ticket/create-ticket.command';
export { CreateTicketHandler } from './commands/create-ticket/create-ticket.handler';
export { MoveTicketCommand } from './commands/move-ticket/move-ticket.command';
export { MoveTicketHandler } from './commands/move-ticket/move-ticket.handler';
export { UpdateTicketCommand } from './commands/update-ticket/update-ticket.command';
export { UpdateTicketHandler } from './commands/update-ticket/update-ticket.handler';
export { MaintenancePostJournalHandler } from './events/on-maintenance-events.post-journal.handler';
