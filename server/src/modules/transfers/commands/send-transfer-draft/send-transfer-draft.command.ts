import type { TransferActionDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Send a saved draft: draft → requested. */
export class SendTransferDraftCommand {
  constructor(
    readonly id: string,
    readonly dto: TransferActionDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
