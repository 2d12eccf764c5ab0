import type { StockTakingActionDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/**
 * The session's plain steps, stock untouched: `submit` (open → review, counting ends), `reopen`
 * (review → open, counting resumes) and `cancel` (open | review → cancelled).
 */
export type StockTakingMove = 'submit' | 'reopen' | 'cancel';

export class MoveStockTakingCommand {
  constructor(
    readonly id: string,
    readonly move: StockTakingMove,
    readonly dto: StockTakingActionDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
