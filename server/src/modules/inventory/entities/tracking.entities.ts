import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { SerialStatus } from '@pos/contracts';
import { quantityColumn } from '../../../core/database/transformers';
import {
  CreatedRowColumns,
  JoinedManyToOne,
  KeyedRowColumns,
} from '../../../core/database/columns';
import { InventoryEntity, StockMovementEntity } from './inventory.entities';

// Serial units and batches (issue 34, docs/decisions/0100): the stock ledger's movements told
// apart by unit or lot. Every row links to the ledger movement that moved it; only the inventory
// module writes them (TrackedStock), in the transaction of that movement.
type VariantRef = { id: string };

/** One unit: in stock at exactly one inventory, or out of stock (sold, returned, written off). */
@Entity('serial_units')
export class SerialUnitEntity extends KeyedRowColumns {
  @Column('uuid') variantId: string;
  @JoinedManyToOne('VariantEntity', 'variant_id', { onDelete: 'RESTRICT' })
  variant?: VariantRef;
  /** the serial, a phone's first IMEI (normalizeSerial) */
  @Column('text') serial: string;
  /** a dual-SIM phone's second IMEI */
  @Column('text', { nullable: true }) imei2: string | null;
  @Column('text') status: SerialStatus;
  @Column('uuid', { nullable: true }) inventoryId: string | null;
  @JoinedManyToOne(() => InventoryEntity, 'inventory_id', { onDelete: 'RESTRICT', nullable: true })
  inventory?: InventoryEntity | null;
  /** the ledger movement that last brought it into stock */
  @Column('uuid') receivedMovementId: string;
}

/** A unit's share (+1 in, −1 out) of a ledger movement: the unit's history. */
@Entity('serial_movements')
export class SerialMovementEntity {
  @PrimaryColumn('uuid') serialUnitId: string;
  @PrimaryColumn('uuid') movementId: string;
  @JoinedManyToOne(() => StockMovementEntity, 'movement_id', { onDelete: 'RESTRICT' })
  movement?: StockMovementEntity;
  @Column('smallint') quantity: number;
  @Column('timestamptz', { default: () => 'now()' }) at: Date;
}

/** A variant's lot, with its expiry date. */
@Entity('batches')
export class BatchEntity extends CreatedRowColumns {
  @Column('uuid') variantId: string;
  @JoinedManyToOne('VariantEntity', 'variant_id', { onDelete: 'RESTRICT' })
  variant?: VariantRef;
  @Column('text') lot: string;
  @Column('date') expiryDate: string;
  @Column('date', { nullable: true }) productionDate: string | null;
}

/** A batch's quantity at one inventory: the sum of its movements there, never below zero. */
@Entity('batch_levels')
export class BatchLevelEntity {
  @PrimaryColumn('uuid') batchId: string;
  @PrimaryColumn('uuid') inventoryId: string;
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn, default: 0 })
  onHand: number;
  /**
   * The batch's variant, expiry and lot, copied by a trigger on insert (never written here): the
   * first-expiry-first-out index over the lots holding stock (docs/decisions/0123).
   */
  @Column({ type: 'uuid', insert: false, update: false }) variantId: string;
  @Column({ type: 'date', insert: false, update: false }) expiryDate: string;
  @Column({ type: 'text', insert: false, update: false }) lot: string;
}

/** A batch's share (signed) of a ledger movement. */
@Entity('batch_movements')
export class BatchMovementEntity {
  @PrimaryColumn('uuid') batchId: string;
  @PrimaryColumn('uuid') movementId: string;
  @Column('uuid') inventoryId: string;
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn }) quantity: number;
  @Column('timestamptz', { default: () => 'now()' }) at: Date;
}
