import type { InstallmentSettleDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Early settlement: today's quote paid into a vault, the store's discount given, the plan closed. */
export class SettleInstallmentPlanCommand {
  constructor(
    readonly planId: string,
    readonly dto: InstallmentSettleDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
