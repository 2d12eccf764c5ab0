import type { ReorderCreateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** The chosen reorder suggestion lines become one purchase order per vendor, all or none. */
export class CreateReorderPurchaseOrdersCommand {
  constructor(
    readonly dto: ReorderCreateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
