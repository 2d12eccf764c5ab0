// Coupon codes in the back office (issue 33 item 3, docs/decisions/0086 and 0093): the codes of
// coupon promotions, a code or a generated batch, switching one off.
import { lazy } from 'react';

export const pages = {
  Coupons: lazy(() => import('./components/CouponsPage')),
};
