import type { PurchaseInvoiceCreateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A new purchase invoice (a draft, or posted at once), or a draft's new content (`id`). */
export class SavePurchaseInvoiceCommand {
  constructor(
    readonly dto: PurchaseInvoiceCreateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
    readonly id: string | null = null,
  ) {}
}
