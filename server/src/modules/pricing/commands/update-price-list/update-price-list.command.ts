import type { PriceListUpdateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A patch of a price list's own fields (its prices: SetPriceListPrices). */
export class UpdatePriceListCommand {
  constructor(
    readonly id: string,
    readonly dto: PriceListUpdateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
