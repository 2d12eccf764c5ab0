import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Turns two-step sign-in off for the signed-in user (the password proven). */
export class DisableTwoFactorCommand {
  constructor(
    readonly user: AuthUser,
    readonly password: string,
    readonly meta: RequestMeta,
  ) {}
}
