import type { PurchaseOrderActionDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Cancel an order nothing of which has arrived. */
export class CancelPurchaseOrderCommand {
  constructor(
    readonly id: string,
    readonly dto: PurchaseOrderActionDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
