// Stock-taking: counting sessions per inventory (open → review → posted | cancelled) with a snapshot
// of expected quantities, counts from many devices, and the variance posted to the ledger. Others import only this.
export { StockTakingModule } from './stocktaking.module';
export {
  StockTakingEntity,
  StockTakingLineEntity,
  StockTakingCountEntity,
} from './entities/stocktaking.entities';
