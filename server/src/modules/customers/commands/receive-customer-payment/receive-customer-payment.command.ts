import type { CustomerPaymentDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A payment on account by a customer; the client's payment id makes a retry harmless. */
export class ReceiveCustomerPaymentCommand {
  constructor(
    readonly customerId: string,
    readonly dto: CustomerPaymentDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
