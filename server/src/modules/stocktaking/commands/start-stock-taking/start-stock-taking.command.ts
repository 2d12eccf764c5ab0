import type { StockTakingStartDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Open a counting session on an inventory (all items or chosen categories) with the expected quantities snapshot. */
export class StartStockTakingCommand {
  constructor(
    readonly dto: StockTakingStartDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
