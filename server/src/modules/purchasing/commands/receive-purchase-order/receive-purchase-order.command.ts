import type { PurchaseOrderReceiveDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/**
 * Record goods that arrived against an order without a purchase invoice of this system (an
 * integration's delivery note). An invoice made at /buy records its own arrivals in its posting.
 */
export class ReceivePurchaseOrderCommand {
  constructor(
    readonly id: string,
    readonly dto: PurchaseOrderReceiveDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
