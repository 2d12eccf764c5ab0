// Inventory: the inventories of each branch and their stock (ledger balances), movement history
// and stock adjustments. Owns /Inventories and /Inventories/{id}.
import { lazy } from 'react';

export const pages = {
  Inventories: lazy(() => import('./components/InventoriesPage')),
  'Inventories-id': lazy(() => import('./components/InventoryPage')),
};
