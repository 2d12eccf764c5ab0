import type { StockTakingActionDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Abandon the session before posting: open | review → cancelled; stock is untouched. */
export class CancelStockTakingCommand {
  constructor(
    readonly id: string,
    readonly dto: StockTakingActionDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
