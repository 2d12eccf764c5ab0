import type { UserUpdateDto } from '@pos/contracts';
import type { RequestMeta } from '../../../../core/auth/decorators';
import type { Actor } from '../../services/user-rules';

/** A patch of a user (DELETE /Users/:id is this with `active: false`: users are never deleted). */
export class UpdateUserCommand {
  constructor(
    readonly userId: string,
    readonly dto: UserUpdateDto,
    readonly actor: Actor,
    readonly meta: RequestMeta,
  ) {}
}
