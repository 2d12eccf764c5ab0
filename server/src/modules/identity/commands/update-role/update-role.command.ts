import type { RoleUpdateDto } from '@pos/contracts';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Renames a role or replaces its permissions. */
export class UpdateRoleCommand {
  constructor(
    readonly roleId: string,
    readonly dto: RoleUpdateDto,
    readonly meta: RequestMeta,
  ) {}
}
