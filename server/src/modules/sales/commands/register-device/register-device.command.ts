import type { RegisterDeviceDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A till (a browser profile, its id made on the device) registers itself with the user's branch. */
export class RegisterDeviceCommand {
  constructor(
    readonly dto: RegisterDeviceDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}

export type RegisterDeviceResult = { deviceId: string; created: boolean };
