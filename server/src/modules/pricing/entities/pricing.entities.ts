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
  /** runs only on a sale that entered one of its codes (coupons) */
  @Column('boolean', { default: false }) coupon: boolean;
  @Index() @Column('boolean', { default: true }) active: boolean;
  @Column('uuid', { nullable: true }) createdBy: string | null;
}

/**
 * A coupon code (issue 33 item 3, docs/decisions/0086): a code of a coupon promotion, open or for
 * one customer, valid on local days from/to, at most `maxUses` redemptions (1: single use; null:
 * no limit) and `maxUsesPerCustomer`; `uses` counts them. A sale locks the row to redeem it.
 */
@Entity('coupons')
export class CouponEntity extends KeyedRowColumns {
  /** upper case, A–Z 0–9 and '-', 3–40 characters, unique */
  @Column('text') code: string;
  @Index() @Column('uuid') promotionId: string;
  @Column('uuid', { nullable: true }) customerId: string | null;
  @Column('date', { nullable: true }) validFrom: string | null;
  @Column('date', { nullable: true }) validTo: string | null;
  @Column('integer', { nullable: true }) maxUses: number | null;
  @Column('integer', { nullable: true }) maxUsesPerCustomer: number | null;
  @Column('integer', { default: 0 }) uses: number;
  @Column('boolean', { default: true }) active: boolean;
  /** the batch it was generated in (its prefix and a time), null: made one by one */
  @Column('text', { nullable: true }) batch: string | null;
  @Column('uuid', { nullable: true }) createdBy: string | null;
}

/** One sale's use of one code (unique per sale and code: a retried sale redeems nothing more). */
@Entity('coupon_redemptions')
export class CouponRedemptionEntity {
  @PrimaryColumn('uuid') id: string;
  @Index() @Column('uuid') couponId: string;
  @Column('uuid') saleId: string;
  @Column('uuid', { nullable: true }) customerId: string | null;
  @Column('bigint', { transformer: moneyColumn }) amount: number;
  /** rung offline past the code's rules (used up, expired…): kept, flagged for review */
  @Column('boolean', { default: false }) overLimit: boolean;
  @CreatedAt() createdAt: Date;
}

/** The pricing context's tables, registered by its module. */
export const PRICING_ENTITIES = [
  PricingStateEntity,
  CustomerGroupEntity,
  CustomerGroupMemberEntity,
  PriceListEntity,
  PriceListItemEntity,
  PromotionEntity,
  CouponEntity,
  CouponRedemptionEntity,
];
