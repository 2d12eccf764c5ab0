// The loyalty program's settings (/Loyalty, admin only; issue 33 item 4, docs/decisions/0093).
// A customer's points show on the customer's page (CustomerPoints, from index.ts).
import { lazy } from 'react';

export const pages = {
  Loyalty: lazy(() => import('./components/LoyaltyProgramPage')),
};
