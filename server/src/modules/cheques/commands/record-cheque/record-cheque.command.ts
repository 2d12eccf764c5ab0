import type { ChequeCreateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A cheque received from a customer (a payment on account) or issued to a vendor (a payment). */
export class RecordChequeCommand {
  constructor(
    readonly dto: ChequeCreateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
