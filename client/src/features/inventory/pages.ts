// Inventory: the inventories of each branch and their stock (ledger balances), movement history
// and stock adjustments. Owns /Inventories, /Inventories/{id} and /Products/ExpiringLots and
// /Products/Serials.
import { lazy } from 'react';

export const pages = {
  Inventories: lazy(() => import('./components/InventoriesPage')),
  'Inventories-id': lazy(() => import('./components/InventoryPage')),
  ExpiringLots: lazy(() => import('./components/ExpiringLotsPage')),
  SerialHistory: lazy(() => import('./components/SerialHistoryPage')),
};
