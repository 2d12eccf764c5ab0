import type { ComponentType, LazyExoticComponent } from 'react';
import { pages as authPages } from './auth/pages';
import { pages as homePages } from './home/pages';
import { pages as usersPages } from './users/pages';
import { pages as rolesPages } from './roles/pages';
import { pages as branchesPages } from './branches/pages';
import { pages as settingsPages } from './settings/pages';
import { pages as catalogPages } from './catalog/pages';
import { pages as inventoryPages } from './inventory/pages';
import { pages as posPages } from './pos/pages';
import { pages as salesPages } from './sales/pages';
import { pages as customersPages } from './customers/pages';
import { pages as transfersPages } from './transfers/pages';
import { pages as stocktakingPages } from './stocktaking/pages';
import { pages as adminPages } from './admin/pages';
import { pages as accountingPages } from './accounting/pages';
import { pages as expensesPages } from './expenses/pages';
import { pages as chequesPages } from './cheques/pages';
import { pages as vendorsPages } from './vendors/pages';
import { pages as purchasesPages } from './purchases/pages';
import { pages as cashPages } from './cash/pages';
import { pages as installmentsPages } from './installments/pages';
import { pages as maintenancePages } from './maintenance/pages';
import { pages as deliveryPages } from './delivery/pages';
import { pages as reservationsPages } from './reservations/pages';
import { pages as etaPages } from './eta/pages';
import { pages as reportsPages } from './reports/pages';
import { pages as einvoicesPages } from './einvoices/pages';
import { pages as pricingPages } from './pricing/pages';
import { pages as giftcardsPages } from './giftcards/pages';
import { pages as couponsPages } from './coupons/pages';
import { pages as loyaltyPages } from './loyalty/pages';
import { pages as displayPages } from './display/pages';

export type PageRegistry = Record<string, LazyExoticComponent<ComponentType>>;

// The page registry: route name (libs/contracts ROUTES) → lazily loaded page. A route with no
// page here renders the plain "قيد الإنشاء" panel (shared/ui/UnderConstruction.tsx). Each feature's
// pages come from its pages.ts, the one file besides index.ts this registry may import (lint):
// its index.ts re-exports code statically, which the shell must not reach (docs/decisions/).
export const pages: PageRegistry = {
  ...authPages,
  ...homePages,
  ...usersPages,
  ...rolesPages,
  ...branchesPages,
  ...settingsPages,
  ...catalogPages,
  ...inventoryPages,
  ...posPages,
  ...salesPages,
  ...customersPages,
  ...transfersPages,
  ...stocktakingPages,
  ...adminPages,
  ...accountingPages,
  ...expensesPages,
  ...chequesPages,
  ...vendorsPages,
  ...purchasesPages,
  ...cashPages,
  ...installmentsPages,
  ...maintenancePages,
  ...deliveryPages,
  ...reservationsPages,
  ...etaPages,
  ...reportsPages,
  ...einvoicesPages,
  ...pricingPages,
  ...giftcardsPages,
  ...couponsPages,
  ...loyaltyPages,
  ...displayPages,
};
