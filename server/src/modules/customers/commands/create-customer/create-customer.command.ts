import type { CustomerCreateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A new customer (shared by every branch). */
export class CreateCustomerCommand {
  constructor(
    readonly dto: CustomerCreateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
