import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/**
 * "Open drawer" at the till without a sale (issue 35 item 2): audited; a network printer's drawer
 * is opened by the server, any other by the till once this answered (it sends the pulse itself).
 */
export class OpenDrawerCommand {
  constructor(
    readonly deviceId: string,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
export type OpenDrawerResult = { opened: 'server' | 'till' };
