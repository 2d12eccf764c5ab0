// The pricing back office (issue 33, docs/decisions/0092): price lists and their prices,
// promotions, customer groups. Lazily loaded: none of it reaches the sign-in page's bundle.
import { lazy } from 'react';

export const pages = {
  PriceLists: lazy(() => import('./components/PriceListsPage')),
  'PriceLists-id': lazy(() => import('./components/PriceListPage')),
  Promotions: lazy(() => import('./components/PromotionsPage')),
  CustomerGroups: lazy(() => import('./components/CustomerGroupsPage')),
};
