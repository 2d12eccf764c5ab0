import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { DeliveryStatus } from '@pos/contracts';
import { moneyColumn } from '../../../core/database/transformers';
import { KeyedRowColumns, StatusEventColumns } from '../../../core/database/columns';

/** A POS sale taken to the customer; its status changes only by a command. */
@Entity('delivery_orders')
export class DeliveryOrderEntity extends KeyedRowColumns {
  @Column('text') number: string;
  @Column('uuid') saleId: string;
  @Column('uuid') branchId: string;
  @Column('text') status: DeliveryStatus;
  @Column('text') address: string;
  @Column('text') phone: string;
  @Column('text', { nullable: true }) area: string | null;
  @Column('bigint', { transformer: moneyColumn }) fee: number;
  @Column('bigint', { transformer: moneyColumn }) codAmount: number;
  @Column('bigint', { transformer: moneyColumn }) collected: number;
  @Column('text', { nullable: true }) notes: string | null;
  /** the address, area and phone, Arabic-normalised (the list's search) */
  @Column('text', { default: '' }) searchText: string;
  @Column('uuid', { nullable: true }) driverId: string | null;
  @Column('uuid', { nullable: true }) settlementId: string | null;
  @Column('uuid', { nullable: true }) createdBy: string | null;
}

/** One step of a delivery order's timeline (append-only). */
@Entity('delivery_events')
export class DeliveryEventEntity extends StatusEventColumns<DeliveryStatus> {
  @Column('uuid') orderId: string;
  @Column('uuid', { nullable: true }) driverId: string | null;
  @Column('timestamptz', { default: () => 'clock_timestamp()' }) at: Date;
}

/** Cash a driver handed into a vault (the delivered orders it settles point at it). */
@Entity('delivery_settlements')
export class DeliverySettlementEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('text') number: string;
  @Column('uuid') branchId: string;
  @Column('uuid') driverId: string;
  @Column('uuid') vaultId: string;
  @Column('bigint', { transformer: moneyColumn }) amount: number;
  @Column('uuid', { nullable: true }) userId: string | null;
  @Column('timestamptz', { default: () => 'now()' }) at: Date;
}
