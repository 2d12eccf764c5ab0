import { Column, Entity, PrimaryColumn } from 'typeorm';
import type {
  MaintenanceAccessory,
  MaintenanceDeviceType,
  MaintenancePriority,
  MaintenanceStatus,
  SaleLineTracked,
} from '@pos/contracts';
import { moneyColumn } from '../../../core/database/transformers';
import { KeyedRowColumns, StatusEventColumns } from '../../../core/database/columns';

/** A repair ticket; its status, money and parts change only by a command. */
@Entity('maintenance_tickets')
export class MaintenanceTicketEntity extends KeyedRowColumns {
  @Column('text') number: string;
  @Column('uuid') branchId: string;
  @Column('uuid') customerId: string;
  @Column('text') status: MaintenanceStatus;
  @Column('text') deviceType: MaintenanceDeviceType;
  @Column('text', { nullable: true }) brand: string | null;
  @Column('text', { nullable: true }) model: string | null;
  @Column('text', { nullable: true }) serial: string | null;
  @Column('text') problem: string;
  @Column('text', { nullable: true }) condition: string | null;
  @Column('text', { nullable: true }) diagnosis: string | null;
  @Column('jsonb', { default: [] }) accessories: MaintenanceAccessory[];
  @Column('text', { nullable: true }) accessoriesNote: string | null;
  @Column('bigint', { transformer: moneyColumn }) estimate: number;
  @Column('date', { nullable: true }) estimatedDate: string | null;
  @Column('bigint', { transformer: moneyColumn }) deposit: number;
  @Column('bigint', { transformer: moneyColumn }) labour: number;
  @Column('bigint', { transformer: moneyColumn }) partsTotal: number;
  @Column('bigint', { transformer: moneyColumn }) paid: number;
  /** the VAT included in the bill (the store's service rate at delivery) */
  @Column('bigint', { transformer: moneyColumn }) vat: number;
  /** paid at the POS: the cashier's shift and the payment method */
  @Column('uuid', { nullable: true }) paidShiftId: string | null;
  @Column('uuid', { nullable: true }) paidMethodId: string | null;
  @Column('uuid', { nullable: true }) technicianId: string | null;
  @Column('text') priority: MaintenancePriority;
  @Column('int') warrantyDays: number;
  @Column('uuid', { nullable: true }) warrantyOfId: string | null;
  @Column('uuid', { nullable: true }) vaultId: string | null;
  @Column('timestamptz', { nullable: true }) deliveredAt: Date | null;
  @Column('uuid', { nullable: true }) createdBy: string | null;
  @Column('text', { default: '' }) searchText: string;
}

/** A spare part used on a ticket (out of stock through the stock ledger). */
@Entity('maintenance_parts')
export class MaintenancePartEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid') ticketId: string;
  @Column('uuid') variantId: string;
  @Column('uuid') inventoryId: string;
  @Column('numeric', { precision: 14, scale: 3 }) quantity: string;
  @Column('bigint', { transformer: moneyColumn }) unitPrice: number;
  @Column('bigint', { transformer: moneyColumn }) unitCost: number;
  @Column('uuid', { nullable: true }) userId: string | null;
  @Column('timestamptz') at: Date;
  /** taken off the ticket (stock back through the ledger): when and by whom */
  @Column('timestamptz', { nullable: true }) removedAt: Date | null;
  @Column('uuid', { nullable: true }) removedBy: string | null;
  /** a tracked part's serial units or lots as they left stock (SaleLineTracked; decision 0123) */
  @Column('jsonb', { nullable: true }) tracked: SaleLineTracked | null;
}

/** One status change of a ticket (append-only: a trigger refuses updates and deletes). */
@Entity('maintenance_events')
export class MaintenanceEventEntity extends StatusEventColumns<MaintenanceStatus> {
  @Column('uuid') ticketId: string;
  @Column('timestamptz') at: Date;
}

/** A photo of a ticket's device; read back only through its ticket (GET …/photos/{photoId}). */
@Entity('maintenance_photos')
export class MaintenancePhotoEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid') ticketId: string;
  @Column('text') contentType: string;
  @Column('integer') size: number;
  @Column('bytea', { select: false }) data: Buffer;
  @Column('uuid', { nullable: true }) userId: string | null;
  @Column('timestamptz') at: Date;
}
