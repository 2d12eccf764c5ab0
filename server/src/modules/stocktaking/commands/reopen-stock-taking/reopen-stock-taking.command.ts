import type { StockTakingActionDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Back to counting from review: review → open. */
export class ReopenStockTakingCommand {
  constructor(
    readonly id: string,
    readonly dto: StockTakingActionDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
