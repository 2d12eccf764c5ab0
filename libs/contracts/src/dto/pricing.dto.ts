import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { defineResource } from '../resource';
import {
  PRICING_LIMITS,
  type PriceListKind,
  type PricingRules,
  type PromotionKind,
} from '../pricing/types';
import type { CouponState } from '../pricing/sale';
import { IsCalendarDate } from './calendar-date';
import { MaxDocumentMoney, MaxLineQuantity, MaxUnitPrice } from './limit-rules';
import { ActiveListQueryDto } from './list.dto';
import { IsName, partialOf } from './resource-dto';

// Where the pricing rules live (issue 33 items 1–2): price lists, their prices, promotions and
// customer groups, stored by the pricing module in the shapes of ../pricing/types.ts. The DTOs
// check each field; the server then runs checkPricingRules on the rule as it will be stored.

export const PRICE_LISTS_PATH = '/PriceLists';
export const PROMOTIONS_PATH = '/Promotions';
export const PRICING_RULES_PATH = '/PricingRules';
export const COUPONS_PATH = '/Coupons';

export const PRICE_LIST_KINDS: readonly PriceListKind[] = [
  'retail',
  'wholesale',
  'group',
  'branch',
];
export const PROMOTION_KINDS: readonly PromotionKind[] = [
  'item-discount',
  'buy-x-get-y',
  'set-price',
  'spend',
];
/** Prices set (or removed) in one request on one list; a larger list is sent in parts. */
export const PRICE_LIST_ITEMS_PER_REQUEST = 1_000;
/** Branches or customer groups a rule is limited to. */
export const PRICING_SCOPE_IDS = 100;

const scopeIds = () => (target: object, key: string | symbol) => {
  IsOptional()(target, key);
  IsArray()(target, key);
  ArrayMaxSize(PRICING_SCOPE_IDS)(target, key);
  IsUUID('all', { each: true })(target, key);
};
const priority = () => (target: object, key: string | symbol) => {
  IsOptional()(target, key);
  IsInt()(target, key);
  Min(0)(target, key);
  Max(PRICING_LIMITS.priority)(target, key);
};

// ── customer groups (reference data) ────────────────────────────────────────────────────────────

export class CustomerGroupCreateDto {
  @IsName(PRICING_LIMITS.nameLength) name: string;
  @IsOptional() @IsBoolean() active?: boolean;
}
export type CustomerGroupDto = Required<CustomerGroupCreateDto> & { id: string; members: number };

export const CUSTOMER_GROUPS = defineResource<CustomerGroupDto, CustomerGroupCreateDto>({
  path: '/CustomerGroups',
  create: CustomerGroupCreateDto,
  update: partialOf(CustomerGroupCreateDto),
  query: ActiveListQueryDto,
  sortable: ['name', 'active', 'members'],
  defaultSort: 'name',
  read: ['can_see_customers'],
  write: ['can_manage_products'],
});

/** Put a customer in a group (or none: null). */
export class CustomerGroupMemberDto {
  @IsOptional() @IsUUID() groupId: string | null;
}

// ── price lists ─────────────────────────────────────────────────────────────────────────────────

export class PriceListCreateDto {
  @IsName(PRICING_LIMITS.nameLength) name: string;
  @IsIn(PRICE_LIST_KINDS) kind: PriceListKind;
  @priority() priority?: number;
  @IsOptional() @IsBoolean() active?: boolean;
  /** first local day the list is valid, YYYY-MM-DD */
  @IsOptional() @IsCalendarDate() validFrom?: string | null;
  /** last local day the list is valid, YYYY-MM-DD */
  @IsOptional() @IsCalendarDate() validTo?: string | null;
  @scopeIds() branchIds?: string[];
  @scopeIds() customerGroupIds?: string[];
}
export class PriceListUpdateDto extends partialOf(PriceListCreateDto) {}

export class QuantityBreakDto {
  @IsNumber({ maxDecimalPlaces: 3 }) @Min(0.001) @MaxLineQuantity() minQuantity: number;
  @IsInt() @Min(0) @MaxUnitPrice() unitPrice: number;
}

export class PriceListItemDto {
  @IsUUID() variantId: string;
  @IsInt() @Min(0) @MaxUnitPrice() unitPrice: number;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(PRICING_LIMITS.quantityBreaks)
  @ValidateNested({ each: true })
  @Type(() => QuantityBreakDto)
  breaks?: QuantityBreakDto[];
}

/** Set prices on a list (added or replaced per variant) and remove others, at most 1,000 each. */
export class PriceListPricesDto {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(PRICE_LIST_ITEMS_PER_REQUEST)
  @ValidateNested({ each: true })
  @Type(() => PriceListItemDto)
  items?: PriceListItemDto[];
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(PRICE_LIST_ITEMS_PER_REQUEST)
  @IsUUID('all', { each: true })
  removeVariantIds?: string[];
}

export class PriceListListQueryDto extends ActiveListQueryDto {
  @IsOptional() @IsIn(PRICE_LIST_KINDS) kind?: PriceListKind;
  @IsOptional() @IsUUID() branchId?: string;
}

export type PriceListRowDto = {
  id: string;
  name: string;
  kind: PriceListKind;
  priority: number;
  active: boolean;
  validFrom: string | null;
  validTo: string | null;
  branchIds: string[];
  customerGroupIds: string[];
  items: number;
  createdAt: string;
  updatedAt: string;
};

export type PriceListItemRowDto = {
  variantId: string;
  productName: string;
  variantName: string | null;
  sku: string | null;
  sellPrice: number;
  unitPrice: number;
  breaks: { minQuantity: number; unitPrice: number }[];
};

// ── promotions ──────────────────────────────────────────────────────────────────────────────────

const targetIds = () => (target: object, key: string | symbol) => {
  IsOptional()(target, key);
  IsArray()(target, key);
  ArrayMaxSize(PRICING_LIMITS.targetIds)(target, key);
  IsUUID('all', { each: true })(target, key);
};

export class ItemTargetDto {
  @targetIds() variantIds?: string[];
  @targetIds() productIds?: string[];
  @targetIds() categoryIds?: string[];
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(PRICING_LIMITS.targetIds)
  @IsString({ each: true })
  @MaxLength(PRICING_LIMITS.idLength, { each: true })
  brands?: string[];
}

/** A percent (0.01…100) or an amount in piasters: exactly one. */
export class OffDto {
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2 }) @Min(0.01) @Max(100) percent?: number;
  @IsOptional() @IsInt() @Min(0) @MaxDocumentMoney() amount?: number;
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

export class HourWindowDto {
  @Matches(CLOCK) from: string;
  @Matches(CLOCK) to: string;
}

export class TimeWindowDto {
  @IsOptional() @IsCalendarDate() from?: string;
  @IsOptional() @IsCalendarDate() to?: string;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(7)
  @IsInt({ each: true })
  @Min(0, { each: true })
  @Max(6, { each: true })
  weekdays?: number[];
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(PRICING_LIMITS.hourWindows)
  @ValidateNested({ each: true })
  @Type(() => HourWindowDto)
  hours?: HourWindowDto[];
}

const setUnits = (min: number) => (target: object, key: string | symbol) => {
  IsOptional()(target, key);
  IsInt()(target, key);
  Min(min)(target, key);
  Max(PRICING_LIMITS.setUnits)(target, key);
};
const money = () => (target: object, key: string | symbol) => {
  IsOptional()(target, key);
  IsInt()(target, key);
  Min(0)(target, key);
  MaxDocumentMoney()(target, key);
};
const nested = (cls: () => new () => object) => (target: object, key: string | symbol) => {
  IsOptional()(target, key);
  ValidateNested()(target, key);
  Type(cls)(target, key);
};

/**
 * A promotion: the common fields and the kind's own (see ../pricing/types.ts): item-discount
 * (target, off), buy-x-get-y (buy, buyQuantity, get?, getQuantity, percent, maxApplications?),
 * set-price (target, quantity, price, maxApplications?), spend (target?, minSpend, off,
 * maxDiscount?). The server refuses a kind's missing field and keeps only the kind's fields.
 */
export class PromotionCreateDto {
  @IsName(PRICING_LIMITS.nameLength) name: string;
  @IsIn(PROMOTION_KINDS) kind: PromotionKind;
  @priority() priority?: number;
  @IsOptional() @IsBoolean() active?: boolean;
  @IsOptional() @IsBoolean() exclusive?: boolean;
  @IsOptional() @IsBoolean() stackable?: boolean;
  /** a coupon promotion: runs only on a sale that entered one of its codes (/api/Coupons) */
  @IsOptional() @IsBoolean() coupon?: boolean;
  @nested(() => TimeWindowDto) window?: TimeWindowDto | null;
  @scopeIds() branchIds?: string[];
  @scopeIds() customerGroupIds?: string[];
  @nested(() => ItemTargetDto) target?: ItemTargetDto | null;
  @nested(() => OffDto) off?: OffDto;
  @nested(() => ItemTargetDto) buy?: ItemTargetDto;
  @setUnits(1) buyQuantity?: number;
  @nested(() => ItemTargetDto) get?: ItemTargetDto | null;
  @setUnits(1) getQuantity?: number;
  @IsOptional() @IsNumber({ maxDecimalPlaces: 2 }) @Min(0.01) @Max(100) percent?: number;
  @IsOptional() @IsInt() @Min(1) @Max(PRICING_LIMITS.applications) maxApplications?: number | null;
  @setUnits(2) quantity?: number;
  @money() price?: number;
  @money() minSpend?: number;
  @money() maxDiscount?: number | null;
}
export class PromotionUpdateDto extends partialOf(PromotionCreateDto) {}

export class PromotionListQueryDto extends ActiveListQueryDto {
  @IsOptional() @IsIn(PROMOTION_KINDS) kind?: PromotionKind;
  @IsOptional() @IsUUID() branchId?: string;
}

export type PromotionRowDto = Omit<PromotionCreateDto, 'priority' | 'active'> & {
  id: string;
  priority: number;
  active: boolean;
  exclusive: boolean;
  stackable: boolean;
  coupon: boolean;
  branchIds: string[];
  customerGroupIds: string[];
  createdAt: string;
  updatedAt: string;
};

// ── the rule set ────────────────────────────────────────────────────────────────────────────────

export class PricingRulesQueryDto {
  @IsOptional() @IsUUID() branchId?: string;
}

/**
 * The active rules for one branch, the shape `priceCart` takes (`rules`), and the version they
 * were read at (`rules.version`; it changes on every pricing write).
 */
export type PricingRulesDto = PricingRules & {
  version: string;
  branchId: string | null;
  /** the category tree, child → parent (a promotion on a category reaches its subcategories) */
  categoryParents?: Record<string, string>;
};

// ── coupons (issue 33 item 3, docs/decisions/0086) ─────────────────────────────────────────────

/** Bounds of a coupon's limits and of a generated batch. */
export const COUPON_LIMITS = { uses: 1_000_000, batch: 1_000, prefixLength: 10 } as const;

/** What a code and a batch share: its promotion (a coupon one), dates, limits, customer. */
class CouponTermsDto {
  @IsUUID() promotionId: string;
  /** for one customer only; absent: anyone */
  @IsOptional() @IsUUID() customerId?: string | null;
  @IsOptional() @IsCalendarDate() validFrom?: string | null;
  @IsOptional() @IsCalendarDate() validTo?: string | null;
  /** redemptions in all (1: single use); absent: no limit */
  @IsOptional() @IsInt() @Min(1) @Max(COUPON_LIMITS.uses) maxUses?: number | null;
  /** redemptions per customer (the sale then needs a customer); absent: no limit */
  @IsOptional() @IsInt() @Min(1) @Max(COUPON_LIMITS.uses) maxUsesPerCustomer?: number | null;
}

/** One code; `code` absent: one is generated. Typed codes are kept in upper case. */
export class CouponCreateDto extends CouponTermsDto {
  @IsOptional() @IsString() @MaxLength(40) @Matches(/^[A-Za-z0-9-]{3,40}$/) code?: string;
}

/** `count` codes generated at once (`prefix` then random letters and digits), the same terms. */
export class CouponBatchDto extends CouponTermsDto {
  @IsInt() @Min(1) @Max(COUPON_LIMITS.batch) count: number;
  @IsOptional()
  @IsString()
  @MaxLength(COUPON_LIMITS.prefixLength)
  @Matches(/^[A-Za-z0-9]*$/)
  prefix?: string;
}

export class CouponListQueryDto extends ActiveListQueryDto {
  @IsOptional() @IsUUID() promotionId?: string;
  @IsOptional() @IsUUID() customerId?: string;
}

export type CouponRowDto = {
  id: string;
  code: string;
  promotionId: string;
  promotionName: string;
  customerId: string | null;
  customerName: string | null;
  validFrom: string | null;
  validTo: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  uses: number;
  active: boolean;
  batch: string | null;
  createdAt: string;
};

/** A code checked for the till (GET /PricingRules/coupons/:code?customerId=): what it unlocks. */
export class CouponCheckQueryDto {
  @IsOptional() @IsUUID() customerId?: string;
}
export type CouponCheckDto = CouponState & {
  promotionName: string;
};
