import type { InstallmentRescheduleDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A new plan financing what an open plan still owes; the old one is kept as history. */
export class RescheduleInstallmentPlanCommand {
  constructor(
    readonly planId: string,
    readonly dto: InstallmentRescheduleDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
