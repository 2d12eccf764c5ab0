import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { StockReason } from '@pos/contracts';
import { moneyColumn, quantityColumn } from '../../../core/database/transformers';
import { CreatedAt, CreatedRowColumns, JoinedManyToOne } from '../../../core/database/columns';

// The branch and variant relations name the branches' and the catalog's entities by their entity
// name, not by an import: branches and the catalog depend on inventory (a branch's inventories,
// the StockLedger), so inventory imports neither (no import cycle, issue 31).
type BranchRef = { id: string };
type VariantRef = { id: string };

@Entity('inventories')
export class InventoryEntity extends CreatedRowColumns {
  @Index() @Column('uuid') branchId: string;
  @JoinedManyToOne('BranchEntity', 'branch_id', { onDelete: 'RESTRICT' })
  branch?: BranchRef;
  @Column('text') name: string;
  @Column('boolean', { default: false }) isDefault: boolean;
  @Column('boolean', { default: false }) allowNegative: boolean;
}

/** The balance per (variant, inventory), changed only with a ledger row in the same transaction. */
@Entity('stock_levels')
export class StockLevelEntity {
  @PrimaryColumn('uuid') variantId: string;
  @PrimaryColumn('uuid') inventoryId: string;
  @JoinedManyToOne('VariantEntity', 'variant_id', { onDelete: 'RESTRICT' })
  variant?: VariantRef;
  @JoinedManyToOne(() => InventoryEntity, 'inventory_id', { onDelete: 'RESTRICT' })
  @Index()
  inventory?: InventoryEntity;
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn, default: 0 })
  onHand: number;
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn, default: 0 })
  reserved: number;
}

/** The append-only stock ledger. */
@Entity('stock_movements')
@Index(['variantId', 'inventoryId', 'at'])
@Index(['referenceType', 'referenceId'])
export class StockMovementEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid') variantId: string;
  @JoinedManyToOne('VariantEntity', 'variant_id', { onDelete: 'RESTRICT' })
  variant?: VariantRef;
  @Column('uuid') inventoryId: string;
  @JoinedManyToOne(() => InventoryEntity, 'inventory_id', { onDelete: 'RESTRICT' })
  inventory?: InventoryEntity;
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn }) quantity: number;
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn }) balanceAfter: number;
  @Column('text') reason: StockReason;
  @Column('text', { nullable: true }) referenceType: string | null;
  @Column('uuid', { nullable: true }) referenceId: string | null;
  @Column('bigint', { transformer: moneyColumn, nullable: true }) unitCost: number | null;
  @Column('uuid', { nullable: true }) userId: string | null;
  @Column('text', { nullable: true }) note: string | null;
  @CreatedAt() at: Date;
}
