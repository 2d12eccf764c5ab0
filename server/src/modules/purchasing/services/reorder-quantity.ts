import { LIMITS } from '@pos/contracts';

/**
 * The reorder suggestion's quantity for one variant in one inventory (docs/decisions/):
 *   need = max(2 × threshold − on hand, sold in the last 30 days − on hand) − still on order,
 * rounded up to a whole number and bounded to 0 … LIMITS.lineQuantity. Twice the threshold keeps a
 * slow seller off the low list for a while; a month of its sales covers a fast one until the next
 * order; what open orders still bring is not ordered twice.
 */
export function reorderQuantity(v: {
  onHand: number;
  threshold: number;
  sold30Days: number;
  onOrder: number;
}): number {
  const onHand = Math.max(0, v.onHand);
  const need =
    Math.max(2 * v.threshold - onHand, Math.max(0, v.sold30Days) - onHand) - Math.max(0, v.onOrder);
  // 3-decimal quantities: round away float noise before taking the ceiling.
  const whole = Math.ceil(Math.round(need * 1000) / 1000);
  return Math.min(LIMITS.lineQuantity, Math.max(0, whole));
}
