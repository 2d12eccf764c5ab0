import type { TransferCreateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Create a transfer request from one inventory to another: `requested`, or `draft` when saved only. */
export class RequestTransferCommand {
  constructor(
    readonly dto: TransferCreateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
