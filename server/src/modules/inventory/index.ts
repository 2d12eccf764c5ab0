// Inventory: inventories per branch, the stock ledger (movements + balances) and adjustments.
// Other contexts import only from here.
export { InventoryModule } from './inventory.module';
export {
  StockLedger,
  type MovementInput,
  type BalanceChange,
  type LockedBalance,
} from './services/stock-ledger.service';
export { netValueChange, stockValue, valueChanges } from './services/stock-value';
export {
  DEFAULT_INVENTORY_NAME,
  dropBranchInventories,
  ensureDefaultInventory,
} from './services/branch-inventories';
export { stockEvents, pushStockEvents, writeStockEvents } from './services/stock-events';
export {
  InventoryEntity,
  StockLevelEntity,
  StockMovementEntity,
} from './entities/inventory.entities';
export { deviceStockCount, deviceStockPage } from './queries/device-stock.queries';
