import type { TransferActionDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** The source branch approves: requested → approved, the quantities are reserved at the source. */
export class ApproveTransferCommand {
  constructor(
    readonly id: string,
    readonly dto: TransferActionDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
