import type { UserCreateDto } from '@pos/contracts';
import type { RequestMeta } from '../../../../core/auth/decorators';
import type { Actor } from '../../services/user-rules';

/** A new user; `passwordHash` is filled in by the handler before its transaction opens. */
export class CreateUserCommand {
  constructor(
    readonly dto: UserCreateDto,
    readonly actor: Actor,
    readonly meta: RequestMeta,
    readonly passwordHash?: string,
  ) {}
}
