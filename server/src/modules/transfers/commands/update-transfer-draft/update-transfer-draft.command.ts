import type { TransferUpdateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Edit a draft's lines and note (a draft is not yet visible as a request). */
export class UpdateTransferDraftCommand {
  constructor(
    readonly id: string,
    readonly dto: TransferUpdateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
