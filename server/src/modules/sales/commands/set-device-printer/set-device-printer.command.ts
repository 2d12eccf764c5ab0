import type { SetDevicePrinterDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** An administrator sets a till's receipt printer (issue 35 item 1). */
export class SetDevicePrinterCommand {
  constructor(
    readonly id: string,
    readonly dto: SetDevicePrinterDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
