import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** The signed-in user's new password (the current one proven); `passwordHash` is the handler's. */
export class ChangePasswordCommand {
  constructor(
    readonly user: AuthUser,
    readonly currentPassword: string,
    readonly newPassword: string,
    readonly meta: RequestMeta,
    readonly passwordHash?: string,
  ) {}
}
