import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InventoryModule } from '../inventory';
import { MoveStockTakingHandler } from './commands/move-stock-taking/move-stock-taking.handler';
import { PostStockTakingHandler } from './commands/post-stock-taking/post-stock-taking.handler';
import { RecordCountHandler } from './commands/record-count/record-count.handler';
import { StartStockTakingHandler } from './commands/start-stock-taking/start-stock-taking.handler';
import { StockTakingController } from './controllers/stocktaking.controller';
import { StockTakingQueries } from './queries/stocktaking.queries';
import {
  StockTakingEntity,
  StockTakingLineEntity,
  StockTakingCountEntity,
} from './entities/stocktaking.entities';

@Module({
  imports: [
    TypeOrmModule.forFeature([StockTakingEntity, StockTakingLineEntity, StockTakingCountEntity]),
    InventoryModule,
  ],
  controllers: [StockTakingController],
  providers: [
    StockTakingQueries,
    StartStockTakingHandler,
    RecordCountHandler,
    MoveStockTakingHandler,
    PostStockTakingHandler,
  ],
})
export class StockTakingModule {}
