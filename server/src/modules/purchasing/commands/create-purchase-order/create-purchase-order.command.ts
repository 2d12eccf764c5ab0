import type { PurchaseOrderCreateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Order goods from a vendor into an inventory of the user's branch (status `ordered`). */
export class CreatePurchaseOrderCommand {
  constructor(
    readonly dto: PurchaseOrderCreateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
