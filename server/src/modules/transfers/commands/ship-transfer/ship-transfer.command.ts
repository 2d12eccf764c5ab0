import type { TransferActionDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** The source branch ships: approved → shipped; the reservation becomes a transfer_out movement. */
export class ShipTransferCommand {
  constructor(
    readonly id: string,
    readonly dto: TransferActionDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
