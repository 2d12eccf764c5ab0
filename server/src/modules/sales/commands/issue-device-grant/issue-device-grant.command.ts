import type { DeviceGrantDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/**
 * The signed-in cashier takes a grant for this till (issue 32 item 7): the till sends the sales
 * they ring with it, so each reaches the server as theirs after an offline user switch.
 */
export class IssueDeviceGrantCommand {
  constructor(
    readonly deviceId: string,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
export type IssueDeviceGrantResult = DeviceGrantDto;
