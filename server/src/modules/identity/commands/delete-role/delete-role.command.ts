import type { RequestMeta } from '../../../../core/auth/decorators';

/** Deletes a role no user holds. */
export class DeleteRoleCommand {
  constructor(
    readonly roleId: string,
    readonly meta: RequestMeta,
  ) {}
}
