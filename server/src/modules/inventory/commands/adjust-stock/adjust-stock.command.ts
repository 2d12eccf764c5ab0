import type { StockAdjustmentDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Opening balances and adjustments: each line a signed change or a counted on-hand figure. */
export class AdjustStockCommand {
  constructor(
    readonly dto: StockAdjustmentDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
