import type { CreateEInvoiceDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A B2B e-invoice, credit or debit note, from a sale or from lines entered directly. */
export class CreateEInvoiceCommand {
  constructor(
    readonly dto: CreateEInvoiceDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
