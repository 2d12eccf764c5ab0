// Pricing (issue 33 items 1–2): where the rules live — price lists with their prices and quantity
// breaks, promotions, customer groups and a customer's group — and the active rule set per branch
// in the shape of libs/contracts' priceCart, with the version every write raises.
export { PricingModule } from './pricing.module';
export {
  CustomerGroupEntity,
  CustomerGroupMemberEntity,
  PriceListEntity,
  PriceListItemEntity,
  PricingStateEntity,
  PromotionEntity,
  CouponEntity,
  CouponRedemptionEntity,
} from './entities/pricing.entities';
// The active rules of a branch (`rulesFor`) and a customer's group, for the server's own pricing.
export { PricingQueries } from './queries/pricing.queries';
// The coupon codes a sale entered, checked and redeemed in the sale's transaction.
export { SaleCoupons, type SaleCoupon } from './services/sale-coupons';
