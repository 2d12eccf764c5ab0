import type { CustomerUpdateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A patch of a customer's details (its balance moves only through the ledger). */
export class UpdateCustomerCommand {
  constructor(
    readonly customerId: string,
    readonly dto: CustomerUpdateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
