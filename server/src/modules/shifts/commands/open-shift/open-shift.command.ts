import type { OpenShiftDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A cashier opens a shift at a register of their branch with the opening cash in the drawer. */
export class OpenShiftCommand {
  constructor(
    readonly dto: OpenShiftDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
