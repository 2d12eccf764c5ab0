// Maintenance: repair tickets (intake, status flow, parts out of stock, labour, deposit and the
// bill through a vault and the books). Other contexts import only from here.
export { MaintenanceModule } from './maintenance.module';
export {
  MaintenanceEventEntity,
  MaintenancePartEntity,
  MaintenanceTicketEntity,
} from './entities/maintenance.entities';
