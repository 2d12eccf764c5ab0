import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { StockTakingState, StockTakingTrackedDto } from '@pos/contracts';
import { moneyColumn, quantityColumn } from '../../../core/database/transformers';
import { VariantEntity } from '../../catalog/entities/catalog.entities';
import { InventoryEntity } from '../../inventory/entities/inventory.entities';
import { CreatedAt, JoinedManyToOne } from '../../../core/database/columns';

/** A counting session on one inventory (DESIGN.md §6); at most one open or in review per inventory. */
@Entity('stock_takings')
@Index('IDX_stock_takings_active_inventory', ['inventoryId'], {
  unique: true,
  where: `state IN ('open', 'review')`,
})
@Index(['inventoryId', 'startedAt'])
export class StockTakingEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('text', { unique: true }) number: string;
  @Column('uuid') inventoryId: string;
  @JoinedManyToOne(() => InventoryEntity, 'inventory_id', { onDelete: 'RESTRICT' })
  inventory?: InventoryEntity;
  @Index() @Column('uuid') branchId: string;
  @Column('text') state: StockTakingState;
  @Column('text') scope: 'all' | 'categories';
  @Column('uuid', { array: true, default: () => "'{}'" }) categoryIds: string[];
  @Column('text', { nullable: true }) note: string | null;
  @Column('uuid', { nullable: true }) startedBy: string | null;
  /** when the expected quantities were read (one statement: a consistent snapshot of the balances) */
  @CreatedAt() startedAt: Date;
  @Column('timestamptz', { nullable: true }) submittedAt: Date | null;
  @Column('uuid', { nullable: true }) submittedBy: string | null;
  @Column('timestamptz', { nullable: true }) postedAt: Date | null;
  @Column('uuid', { nullable: true }) postedBy: string | null;
  @Column('timestamptz', { nullable: true }) cancelledAt: Date | null;
  @Column('uuid', { nullable: true }) cancelledBy: string | null;
  @Column('integer', { default: 0 }) totalLines: number;
}

/** One line per variant in scope: the expected quantity at start and the running count. */
@Entity('stock_taking_lines')
export class StockTakingLineEntity {
  @PrimaryColumn('uuid') stockTakingId: string;
  @JoinedManyToOne(() => StockTakingEntity, 'stock_taking_id', { onDelete: 'CASCADE' })
  stockTaking?: StockTakingEntity;
  @PrimaryColumn('uuid') variantId: string;
  @JoinedManyToOne(() => VariantEntity, 'variant_id', { onDelete: 'RESTRICT' })
  variant?: VariantEntity;
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn })
  expectedQuantity: number;
  /** Σ count rows; null until the first count */
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn, nullable: true })
  countedQuantity: number | null;
  @Column('integer', { default: 0 }) countRows: number;
  @Column('timestamptz', { nullable: true }) lastCountedAt: Date | null;
  /**
   * on hand at the last count of this line (= expected at start + movements up to that count),
   * read in the RecordCount transaction; the variance is counted − this, so a sale after the
   * item was counted is no variance either
   */
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn, nullable: true })
  expectedAtCount: number | null;
  /** average cost at start (piasters), for the value of the variance */
  @Column('bigint', { transformer: moneyColumn, default: 0 }) unitCost: number;
  /** the expected figure the posted variance was taken against (expected at count, or on hand at posting for an uncounted line), and the posted adjustment */
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn, nullable: true })
  postedExpected: number | null;
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn, nullable: true })
  postedVariance: number | null;
  /** a tracked product's posted variance: the units missing and unexpected, the lots (0117) */
  @Column('jsonb', { nullable: true }) tracked: StockTakingTrackedDto | null;
}

/** Every count kept as entered (several counters, several devices). */
@Entity('stock_taking_counts')
@Index(['stockTakingId', 'at'])
@Index(['stockTakingId', 'variantId'])
@Index('IDX_stock_taking_counts_serial', ['stockTakingId', 'serial'], {
  where: '"serial" IS NOT NULL',
})
export class StockTakingCountEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid') stockTakingId: string;
  @JoinedManyToOne(() => StockTakingEntity, 'stock_taking_id', { onDelete: 'CASCADE' })
  stockTaking?: StockTakingEntity;
  @Column('uuid') variantId: string;
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn }) quantity: number;
  @Column('text', { nullable: true }) barcode: string | null;
  /** a serial product's unit counted by its code, or the lot a batch product's count is of */
  @Column('text', { nullable: true }) serial: string | null;
  @Column('text', { nullable: true }) lot: string | null;
  @Column('uuid', { nullable: true }) userId: string | null;
  @CreatedAt() at: Date;
}
