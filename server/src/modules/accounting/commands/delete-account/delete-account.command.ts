import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

export class DeleteAccountCommand {
  constructor(
    readonly id: string,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
