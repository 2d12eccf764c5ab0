import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PurchaseOrderStatus } from '@pos/contracts';
import { moneyColumn, quantityColumn } from '../../../core/database/transformers';
import { VariantEntity } from '../../catalog/entities/catalog.entities';
import { InventoryEntity } from '../../inventory/entities/inventory.entities';
import { VendorEntity } from './vendor.entities';
import { JoinedManyToOne, KeyedRowColumns } from '../../../core/database/columns';

/** What the shop ordered from a vendor into one inventory (numbered per branch: B01-PO-000001). */
@Entity('purchase_orders')
export class PurchaseOrderEntity extends KeyedRowColumns {
  @Column('text', { unique: true }) number: string;
  @Column('text') status: PurchaseOrderStatus;
  @Column('uuid') vendorId: string;
  @JoinedManyToOne(() => VendorEntity, 'vendor_id', { onDelete: 'RESTRICT' })
  vendor?: VendorEntity;
  /** the inventory's branch, kept for branch scoping */
  @Column('uuid') branchId: string;
  @Column('uuid') inventoryId: string;
  @JoinedManyToOne(() => InventoryEntity, 'inventory_id', { onDelete: 'RESTRICT' })
  inventory?: InventoryEntity;
  @Column('date', { nullable: true }) expectedDate: string | null;
  @Column('text', { nullable: true }) note: string | null;
  @Column('uuid', { nullable: true }) createdBy: string | null;
}

/** One variant of the order: how much was ordered, how much has arrived, at what cost. */
@Entity('purchase_order_lines')
export class PurchaseOrderLineEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid') orderId: string;
  @JoinedManyToOne(() => PurchaseOrderEntity, 'order_id', { onDelete: 'CASCADE' })
  order?: PurchaseOrderEntity;
  @Column('integer') lineNo: number;
  @Column('uuid') variantId: string;
  @JoinedManyToOne(() => VariantEntity, 'variant_id', { onDelete: 'RESTRICT' })
  variant?: VariantEntity;
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn }) quantity: number;
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn, default: 0 })
  receivedQuantity: number;
  /** piasters; never shown without can_see_buy_price */
  @Column('bigint', { transformer: moneyColumn, default: 0 }) unitCost: number;
}
