import type { PriceListCreateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A new price list (its prices come with SetPriceListPrices). */
export class CreatePriceListCommand {
  constructor(
    readonly dto: PriceListCreateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
