export * from './types';
export { PricingError, localTime, inWindow, type LocalTime } from './time';
export { compilePricingRules } from './compile';
export { priceCart, toSaleMathInput } from './engine';
export { checkPricingRules, type PricingRuleIssue } from './validate';
export {
  categoryAncestors,
  manualDiscountPercent,
  priceSaleLines,
  type LinePromotion,
  type SalePricedLine,
  type SalePricing,
  type SalePricingInput,
  type SalePricingLine,
  type SalePricingRules,
} from './sale';
export {
  COUPON_CODE_PATTERN,
  COUPON_PROBLEMS,
  COUPONS_PER_SALE,
  couponProblem,
  normalizeCouponCode,
  type CouponProblem,
  type CouponState,
} from './sale';
