import type { PurchaseOrderActionDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Close an order whose rest will not come (or one received in full). */
export class ClosePurchaseOrderCommand {
  constructor(
    readonly id: string,
    readonly dto: PurchaseOrderActionDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
