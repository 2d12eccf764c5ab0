import type { EInvoiceStateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Cancel (issuer) or reject a valid e-invoice at ETA, with a reason: queued for the worker. */
export class ChangeEInvoiceStateCommand {
  constructor(
    readonly id: string,
    readonly dto: EInvoiceStateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
