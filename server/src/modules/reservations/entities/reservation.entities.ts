import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ReservationDepositOutcome, ReservationStatus } from '@pos/contracts';
import { moneyColumn, quantityColumn } from '../../../core/database/transformers';
import { CreatedRowColumns } from '../../../core/database/columns';

/** Variants held for a customer against a deposit until they buy, cancel or the hold lapses. */
@Entity('reservations')
export class ReservationEntity extends CreatedRowColumns {
  @Column('text') number: string;
  @Column('uuid') branchId: string;
  @Column('uuid') inventoryId: string;
  @Column('uuid') customerId: string;
  @Column('text') status: ReservationStatus;
  @Column('bigint', { transformer: moneyColumn }) deposit: number;
  @Column('uuid', { nullable: true }) vaultId: string | null;
  @Column('timestamptz') expiresAt: Date;
  @Column('text', { nullable: true }) depositOutcome: ReservationDepositOutcome | null;
  @Column('uuid', { nullable: true }) saleId: string | null;
  @Column('text', { nullable: true }) note: string | null;
  @Column('uuid', { nullable: true }) createdBy: string | null;
  @Column('uuid', { nullable: true }) closedBy: string | null;
  @Column('timestamptz', { nullable: true }) closedAt: Date | null;
}

@Entity('reservation_lines')
export class ReservationLineEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid') reservationId: string;
  @Column('uuid') variantId: string;
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn }) quantity: number;
  @Column('bigint', { transformer: moneyColumn }) unitPrice: number;
}
