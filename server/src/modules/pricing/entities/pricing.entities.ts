import { Column, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { moneyColumn } from '../../../core/database/transformers';
import { CreatedAt, KeyedRowColumns } from '../../../core/database/columns';
import type { PriceListKind, PromotionKind, QuantityBreak, TimeWindow } from '@pos/contracts';

/** One row: the rules' version, raised by every pricing write (the till compiles per version). */
@Entity('pricing_state')
export class PricingStateEntity {
  @PrimaryColumn('smallint') id: number;
  @Column('bigint') version: string;
  @Column('timestamptz') changedAt: Date;
}

/** A group of customers priced alike (traders, staff…); the pricing module's own reference data. */
@Entity('customer_groups')
export class CustomerGroupEntity extends KeyedRowColumns {
  @Column('text') name: string;
  @Column('boolean', { default: true }) active: boolean;
}

/**
 * Which group a customer is in (at most one). Kept by pricing beside its groups, so the customers
 * module's table stays its own (one owner per table).
 */
@Entity('customer_group_members')
export class CustomerGroupMemberEntity {
  @PrimaryColumn('uuid') customerId: string;
  @Index() @Column('uuid') groupId: string;
  @CreatedAt() createdAt: Date;
}

@Entity('price_lists')
export class PriceListEntity extends KeyedRowColumns {
  @Column('text') name: string;
  @Column('text') kind: PriceListKind;
  @Column('integer', { default: 0 }) priority: number;
  @Index() @Column('boolean', { default: true }) active: boolean;
  @Column('date', { nullable: true }) validFrom: string | null;
  @Column('date', { nullable: true }) validTo: string | null;
  @Column('uuid', { array: true, default: () => "'{}'" }) branchIds: string[];
  @Column('uuid', { array: true, default: () => "'{}'" }) customerGroupIds: string[];
  @Column('uuid', { nullable: true }) createdBy: string | null;
}

@Entity('price_list_items')
export class PriceListItemEntity {
  @PrimaryColumn('uuid') priceListId: string;
  @Index() @PrimaryColumn('uuid') variantId: string;
  @Column('bigint', { transformer: moneyColumn }) unitPrice: number;
  @Column('jsonb', { default: () => "'[]'" }) breaks: QuantityBreak[];
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}

@Entity('promotions')
export class PromotionEntity extends KeyedRowColumns {
  @Column('text') name: string;
  @Column('text') kind: PromotionKind;
  /** the kind's own fields (target, off, buy…), as in libs/contracts/src/pricing/types.ts */
  @Column('jsonb') params: Record<string, unknown>;
  @Column('jsonb', { nullable: true }) timeWindow: TimeWindow | null;
  @Column('uuid', { array: true, default: () => "'{}'" }) branchIds: string[];
  @Column('uuid', { array: true, default: () => "'{}'" }) customerGroupIds: string[];
  @Column('integer', { default: 0 }) priority: number;
  @Column('boolean', { default: false }) exclusive: boolean;
  @Column('boolean', { default: false }) stackable: boolean;
  @Index() @Column('boolean', { default: true }) active: boolean;
  @Column('uuid', { nullable: true }) createdBy: string | null;
}

/** The pricing context's tables, registered by its module. */
export const PRICING_ENTITIES = [
  PricingStateEntity,
  CustomerGroupEntity,
  CustomerGroupMemberEntity,
  PriceListEntity,
  PriceListItemEntity,
  PromotionEntity,
];
