import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Re-queues a dead-lettered e-invoice or one ETA rejected at submission. */
export class RetryEInvoiceCommand {
  constructor(
    readonly id: string,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
