import type { AuthUser } from './auth.types';

/** Costs (average cost, buying price, cost values) are shown only with can_see_buy_price. */
export const canSeeCost = (user: AuthUser): boolean =>
  user.permissions.includes('can_see_buy_price');
