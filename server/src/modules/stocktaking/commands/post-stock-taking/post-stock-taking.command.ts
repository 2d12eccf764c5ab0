import type { StockTakingPostDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Post the variances as stocktaking movements, all in one transaction: review → posted. */
export class PostStockTakingCommand {
  constructor(
    readonly id: string,
    readonly dto: StockTakingPostDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
