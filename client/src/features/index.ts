import type { ComponentType, LazyExoticComponent } from 'react';
import { pages as authPages } from './auth';
import { pages as homePages } from './home';
import { pages as usersPages } from './users';
import { pages as rolesPages } from './roles';
import { pages as branchesPages } from './branches';
import { pages as settingsPages } from './settings';
import { pages as catalogPages } from './catalog';
import { pages as inventoryPages } from './inventory';
import { pages as posPages } from './pos';
import { pages as salesPages } from './sales';
import { pages as customersPages } from './customers';
import { pages as transfersPages } from './transfers';
import { pages as stocktakingPages } from './stocktaking';
import { pages as adminPages } from './admin';
import { pages as expensesPages } from './expenses';

export type PageRegistry = Record<string, LazyExoticComponent<ComponentType>>;

// The page registry: route name (libs/contracts ROUTES) → lazily loaded page. A route with no
// page here renders the plain "قيد الإنشاء" panel (app/UnderConstruction.tsx).
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
  ...expensesPages,
};
