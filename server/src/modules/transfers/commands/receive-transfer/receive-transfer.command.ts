import type { TransferReceiveDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** The destination receives per line what arrived: shipped → received | partially_received. */
export class ReceiveTransferCommand {
  constructor(
    readonly id: string,
    readonly dto: TransferReceiveDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
