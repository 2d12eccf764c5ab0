import type { PurchaseReturnCreateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Goods sent back to the vendor against a posted purchase invoice. */
export class ReturnPurchaseCommand {
  constructor(
    readonly invoiceId: string,
    readonly dto: PurchaseReturnCreateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
