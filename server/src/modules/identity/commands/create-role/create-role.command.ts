import type { RoleCreateDto } from '@pos/contracts';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A new role: a name and its permissions. */
export class CreateRoleCommand {
  constructor(
    readonly dto: RoleCreateDto,
    readonly meta: RequestMeta,
  ) {}
}
