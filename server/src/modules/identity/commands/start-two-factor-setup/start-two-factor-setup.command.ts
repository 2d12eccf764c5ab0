import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Starts (or restarts) setting up two-step sign-in for the signed-in user. */
export class StartTwoFactorSetupCommand {
  constructor(
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
