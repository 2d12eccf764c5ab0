import type { PurchaseOrderUpdateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Edit an order while nothing of it has arrived (status `ordered`). */
export class UpdatePurchaseOrderCommand {
  constructor(
    readonly id: string,
    readonly dto: PurchaseOrderUpdateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
