import type { RequestMeta } from '../../../../core/auth/decorators';
import type { Actor } from '../../services/user-rules';

/** A user manager sets another user's password; `passwordHash` is filled in by the handler. */
export class ResetUserPasswordCommand {
  constructor(
    readonly userId: string,
    readonly password: string,
    readonly mustChangePassword: boolean,
    readonly actor: Actor,
    readonly meta: RequestMeta,
    readonly passwordHash?: string,
  ) {}
}
