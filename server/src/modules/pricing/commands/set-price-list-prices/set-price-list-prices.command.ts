import type { PriceListPricesDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Set (add or replace) and remove variants' prices on one list, at most 1,000 of each per call. */
export class SetPriceListPricesCommand {
  constructor(
    readonly id: string,
    readonly dto: PriceListPricesDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
