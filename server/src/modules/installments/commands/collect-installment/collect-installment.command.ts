import type { InstallmentCollectDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Money collected on a plan into a vault: late fees first, then the installments' amounts. */
export class CollectInstallmentCommand {
  constructor(
    readonly planId: string,
    readonly dto: InstallmentCollectDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
