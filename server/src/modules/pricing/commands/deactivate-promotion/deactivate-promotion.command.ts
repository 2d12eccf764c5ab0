import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Stop a promotion (kept for the sales it priced and its reports; it can be turned on again). */
export class DeactivatePromotionCommand {
  constructor(
    readonly id: string,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
