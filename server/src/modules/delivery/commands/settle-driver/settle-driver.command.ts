import type { DeliverySettleDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A driver hands in the cash collected on delivered orders: it goes into a vault. */
export class SettleDriverCommand {
  constructor(
    readonly dto: DeliverySettleDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
