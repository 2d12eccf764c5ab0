import type { CustomerGroupMemberDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Put a customer in a customer group, or in none. */
export class SetCustomerGroupCommand {
  constructor(
    readonly customerId: string,
    readonly dto: CustomerGroupMemberDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
