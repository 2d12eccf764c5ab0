import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Stop a price list (kept, with its prices, for the sales it priced; it can be turned on again). */
export class DeactivatePriceListCommand {
  constructor(
    readonly id: string,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
