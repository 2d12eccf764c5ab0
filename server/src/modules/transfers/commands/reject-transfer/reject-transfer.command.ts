import type { TransferActionDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** The source branch refuses: requested → rejected. */
export class RejectTransferCommand {
  constructor(
    readonly id: string,
    readonly dto: TransferActionDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
