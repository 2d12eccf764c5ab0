export * from './types';
export { PricingError, localTime, inWindow, type LocalTime } from './time';
export { compilePricingRules } from './compile';
export { priceCart, toSaleMathInput } from './engine';
export { checkPricingRules, type PricingRuleIssue } from './validate';
