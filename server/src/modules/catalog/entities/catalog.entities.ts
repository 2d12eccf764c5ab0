import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { EtaItemType, Tracking, Unit } from '@pos/contracts';
import { moneyColumn, quantityColumn } from '../../../core/database/transformers';
import {
  CreatedRowColumns,
  JoinedManyToOne,
  KeyedRowColumns,
} from '../../../core/database/columns';

@Entity('categories')
export class CategoryEntity extends CreatedRowColumns {
  @Column('text') name: string;
  @Column('text', { nullable: true }) nameEn: string | null;
  @Index() @Column('uuid', { nullable: true }) parentId: string | null;
  @JoinedManyToOne(() => CategoryEntity, 'parent_id', { onDelete: 'RESTRICT', nullable: true })
  parent?: CategoryEntity | null;
}

@Entity('property_types')
export class PropertyTypeEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('text', { unique: true }) name: string;
  @Column('text', { array: true, default: () => "'{}'" }) values: string[];
}

@Entity('products')
export class ProductEntity extends KeyedRowColumns {
  @Column('text') nameAr: string;
  @Column('text', { nullable: true }) nameEn: string | null;
  @Index() @Column('uuid', { nullable: true }) categoryId: string | null;
  @JoinedManyToOne(() => CategoryEntity, 'category_id', { onDelete: 'RESTRICT', nullable: true })
  category?: CategoryEntity | null;
  @Column('text', { default: 'piece' }) unit: Unit;
  @Column('integer', { default: 14 }) vatRate: number;
  @Column('text', { nullable: true }) etaItemType: EtaItemType | null;
  @Column('text', { nullable: true }) etaItemCode: string | null;
  @Column('text', { nullable: true }) image: string | null;
  @Column('boolean', { default: true }) active: boolean;
  @Column('uuid', { array: true, default: () => "'{}'" }) propertyTypeIds: string[];
  /** none | serial | batch (issue 34); changes only while the product holds no stock */
  @Column('text', { default: 'none' }) tracking: Tracking;
  /** a serial product that is a phone: IMEIs per unit (1 or 2); 0 otherwise */
  @Column('smallint', { default: 0 }) imeiCount: number;
}

@Entity('variants')
@Index('IDX_variants_search_trgm', { synchronize: false })
export class VariantEntity extends KeyedRowColumns {
  @Index() @Column('uuid') productId: string;
  @JoinedManyToOne(() => ProductEntity, 'product_id', { onDelete: 'CASCADE' })
  product?: ProductEntity;
  @Column('text', { unique: true }) sku: string;
  @Column('text', { array: true, default: () => "'{}'" }) barcodes: string[];
  @Column('jsonb', { default: () => "'{}'" }) properties: Record<string, string>;
  @Column('bigint', { transformer: moneyColumn, default: 0 }) sellPrice: number;
  @Column('bigint', { transformer: moneyColumn, default: 0 }) minSellPrice: number;
  @Column('bigint', { transformer: moneyColumn, default: 0 }) avgCost: number;
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn, default: 0 })
  lowStockThreshold: number;
  @Column('boolean', { default: true }) active: boolean;
  /** Normalised name, properties, SKU and barcodes (normalizeArabic), under a pg_trgm GIN index. */
  @Column('text', { default: '' }) searchText: string;
}

/** One row per barcode: exact scans are a primary-key lookup and a barcode belongs to one item. */
@Entity('variant_barcodes')
export class VariantBarcodeEntity {
  @PrimaryColumn('text') barcode: string;
  @Index() @Column('uuid') variantId: string;
  @JoinedManyToOne(() => VariantEntity, 'variant_id', { onDelete: 'CASCADE' })
  variant?: VariantEntity;
}
