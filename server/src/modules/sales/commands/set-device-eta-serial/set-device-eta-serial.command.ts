import type { SetDeviceEtaSerialDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A manager gives a till its own ETA POS serial, or takes it away (issue 32 item 6). */
export class SetDeviceEtaSerialCommand {
  constructor(
    readonly id: string,
    readonly dto: SetDeviceEtaSerialDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
