import type { InstallmentPlanCreateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A plan of installments for what a posted sale left on its customer. */
export class CreateInstallmentPlanCommand {
  constructor(
    readonly dto: InstallmentPlanCreateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
