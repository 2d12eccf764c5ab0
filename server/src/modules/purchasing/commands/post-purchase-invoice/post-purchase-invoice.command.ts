import type { PurchaseInvoicePostDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Post a saved draft: its stock in, its cost, the vendor's balance and the payment made now. */
export class PostPurchaseInvoiceCommand {
  constructor(
    readonly id: string,
    readonly dto: PurchaseInvoicePostDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
