import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Confirms the two-step set-up with a code from the app. */
export class EnableTwoFactorCommand {
  constructor(
    readonly user: AuthUser,
    readonly code: string,
    readonly meta: RequestMeta,
  ) {}
}
