import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdjustStockHandler } from './commands/adjust-stock/adjust-stock.handler';
import {
  InventoryStockController,
  SerialsController,
  StockAdjustmentsController,
} from './controllers/inventory.controller';
import { resourceController } from '../../core/resource';
import { inventories } from './inventories.resource';
import { InventoriesService } from './queries/inventories.queries';
import { StockLedger } from './services/stock-ledger.service';
import { SerialQueries } from './queries/serials.queries';
import {
  BatchEntity,
  BatchLevelEntity,
  BatchMovementEntity,
  SerialMovementEntity,
  SerialUnitEntity,
} from './entities/tracking.entities';
import {
  InventoryEntity,
  StockLevelEntity,
  StockMovementEntity,
} from './entities/inventory.entities';
import { PostStockJournalHandler } from './events/on-stock-events.post-journal.handler';

@Module({
  imports: [
    TypeOrmModule.forFeature([
      InventoryEntity,
      StockLevelEntity,
      StockMovementEntity,
      SerialUnitEntity,
      SerialMovementEntity,
      BatchEntity,
      BatchLevelEntity,
      BatchMovementEntity,
    ]),
  ],
  // The stock controller first: its `options` route comes before the kit's `:id`.
  controllers: [
    InventoryStockController,
    resourceController(inventories),
    StockAdjustmentsController,
    SerialsController,
  ],
  providers: [
    InventoriesService,
    StockLedger,
    SerialQueries,
    AdjustStockHandler,
    PostStockJournalHandler,
  ],
  exports: [StockLedger],
})
export class InventoryModule {}
