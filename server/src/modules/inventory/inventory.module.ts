import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdjustStockHandler } from './commands/adjust-stock/adjust-stock.handler';
import {
  BatchesController,
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
import {
  EXPIRING_LOTS_QUEUE,
  ExpiringLotsCheck,
  ExpiringLotsProcessor,
} from './jobs/expiring-lots.job';

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
    BullModule.registerQueue({ name: EXPIRING_LOTS_QUEUE }),
  ],
  // The stock controller first: its `options` route comes before the kit's `:id`.
  controllers: [
    InventoryStockController,
    resourceController(inventories),
    StockAdjustmentsController,
    SerialsController,
    BatchesController,
  ],
  providers: [
    InventoriesService,
    StockLedger,
    SerialQueries,
    AdjustStockHandler,
    PostStockJournalHandler,
    ExpiringLotsCheck,
    ExpiringLotsProcessor,
  ],
  exports: [StockLedger, SerialQueries],
})
export class InventoryModule {}
