import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** The signed-in cashier removes themselves from this till: their grants for it end (issue 32 item 7). */
export class RevokeDeviceGrantCommand {
  constructor(
    readonly deviceId: string,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
