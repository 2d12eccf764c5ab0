import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** An admin re-queues a dead-lettered (retries ran out) or synchronously rejected receipt. */
export class RetryEReceiptCommand {
  constructor(
    readonly id: string,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
