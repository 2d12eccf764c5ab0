import type { StockTakingActionDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Counting is done: open → review (no more counts). */
export class SubmitStockTakingCommand {
  constructor(
    readonly id: string,
    readonly dto: StockTakingActionDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
