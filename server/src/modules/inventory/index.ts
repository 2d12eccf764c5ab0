// Inventory: inventories per branch, the stock ledger (movements + balances), adjustments, and the
// serial units and batches that tell a tracked product's stock apart (checkTrackedLines and
// recordTracked beside StockLedger.apply).
// Other contexts import only from here.
export { InventoryModule } from './inventory.module';
export {
  StockLedger,
  type MovementInput,
  type BalanceChange,
  type LockedBalance,
} from './services/stock-ledger.service';
export {
  checkTrackedLines,
  invalid,
  recordTracked,
  trackingOf,
  type ProductTracking,
  type TrackedLine,
} from './services/tracked-stock';
export {
  returnTracked,
  sellTracked,
  trackedLinesOf,
  type ExpiredSold,
  type MovementOf,
  type ReturnTrackedLine,
  type SaleTrackedLine,
} from './services/sold-units';
export { SerialQueries } from './queries/serials.queries';
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
export {
  BatchEntity,
  BatchLevelEntity,
  BatchMovementEntity,
  SerialMovementEntity,
  SerialUnitEntity,
} from './entities/tracking.entities';
export { deviceStockCount, deviceStockPage } from './queries/device-stock.queries';
export {
  checkTransferTracked,
  receiveTracked,
  shipTracked,
  type ReceivedTrackedLine,
  type TransferTrackedLine,
} from './services/moved-units';
export {
  lotExists,
  postTrackedCount,
  trackedNet,
  trackedVariance,
  trackedVarianceDto,
  unitsNamed,
  type CountedTracked,
  type TrackedVariance,
} from './services/counted-units';
export { assertUnitsNotOnTransfer } from './services/held-units';
