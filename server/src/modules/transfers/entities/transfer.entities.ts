import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { TransferAction, TransferLineTracked, TransferState } from '@pos/contracts';
import { moneyColumn, quantityColumn } from '../../../core/database/transformers';
import { VariantEntity } from '../../catalog/entities/catalog.entities';
import { InventoryEntity } from '../../inventory/entities/inventory.entities';
import { CreatedAt, JoinedManyToOne, KeyedRowColumns } from '../../../core/database/columns';

/** A request to move stock from one inventory to another (DESIGN.md §6); numbered per source branch. */
@Entity('transfer_requests')
@Index(['fromBranchId', 'state'])
@Index(['toBranchId', 'state'])
export class TransferRequestEntity extends KeyedRowColumns {
  @Column('text', { unique: true }) number: string;
  @Column('uuid') fromInventoryId: string;
  @JoinedManyToOne(() => InventoryEntity, 'from_inventory_id', { onDelete: 'RESTRICT' })
  fromInventory?: InventoryEntity;
  @Column('uuid') toInventoryId: string;
  @JoinedManyToOne(() => InventoryEntity, 'to_inventory_id', { onDelete: 'RESTRICT' })
  toInventory?: InventoryEntity;
  /** the inventories' branches, kept for branch scoping and the list's counts */
  @Column('uuid') fromBranchId: string;
  @Column('uuid') toBranchId: string;
  @Column('text') state: TransferState;
  @Column('text', { nullable: true }) note: string | null;
  @Column('uuid', { nullable: true }) createdBy: string | null;
}

@Entity('transfer_request_lines')
@Index(['transferId', 'lineNo'], { unique: true })
export class TransferRequestLineEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid') transferId: string;
  @JoinedManyToOne(() => TransferRequestEntity, 'transfer_id', { onDelete: 'CASCADE' })
  transfer?: TransferRequestEntity;
  @Column('integer') lineNo: number;
  @Index() @Column('uuid') variantId: string;
  @JoinedManyToOne(() => VariantEntity, 'variant_id', { onDelete: 'RESTRICT' })
  variant?: VariantEntity;
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn }) quantity: number;
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn, nullable: true })
  shippedQuantity: number | null;
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn, nullable: true })
  receivedQuantity: number | null;
  /** why the received quantity differs from the shipped one */
  @Column('text', { nullable: true }) reason: string | null;
  /** average cost when shipped (piasters), the value that travels with the goods */
  @Column('bigint', { transformer: moneyColumn, nullable: true }) unitCost: number | null;
  /** a tracked product's serials or lots: requested, shipped, received (docs/decisions/0117) */
  @Column('jsonb', { nullable: true }) tracked: TransferLineTracked | null;
}

/** The request's timeline: who did what and when. */
@Entity('transfer_request_events')
@Index(['transferId', 'at'])
export class TransferRequestEventEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid') transferId: string;
  @JoinedManyToOne(() => TransferRequestEntity, 'transfer_id', { onDelete: 'CASCADE' })
  transfer?: TransferRequestEntity;
  @Column('text') action: 'create' | 'edit' | TransferAction;
  @Column('text', { nullable: true }) fromState: TransferState | null;
  @Column('text') toState: TransferState;
  @Column('uuid', { nullable: true }) userId: string | null;
  @Column('text', { nullable: true }) note: string | null;
  @CreatedAt() at: Date;
}
