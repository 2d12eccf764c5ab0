import type { StockTakingCountDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** One count (a scan or a typed quantity); counts from any number of devices add up per variant. */
export class RecordCountCommand {
  constructor(
    readonly id: string,
    readonly dto: StockTakingCountDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
