import type { LoyaltyProgramDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Change the store-wide program (admin); the Idempotency-Key makes a retry harmless. */
export class SetLoyaltyProgramCommand {
  constructor(
    readonly dto: LoyaltyProgramDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
