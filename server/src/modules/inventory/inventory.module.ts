import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdjustStockHandler } from './commands/adjust-stock/adjust-stock.handler';
import {
  InventoriesController,
  StockAdjustmentsController,
} from './controllers/inventory.controller';
import { InventoriesService } from './services/inventories.service';
import { StockLedger } from './services/stock-ledger.service';
import {
  InventoryEntity,
  StockLevelEntity,
  StockMovementEntity,
} from './entities/inventory.entities';

@Module({
  imports: [TypeOrmModule.forFeature([InventoryEntity, StockLevelEntity, StockMovementEntity])],
  controllers: [InventoriesController, StockAdjustmentsController],
  providers: [InventoriesService, StockLedger, AdjustStockHandler],
  exports: [StockLedger, InventoriesService],
})
export class InventoryModule {}
