import type { TransferActionDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Either branch cancels before shipping; an approval's reservation is released. */
export class CancelTransferCommand {
  constructor(
    readonly id: string,
    readonly dto: TransferActionDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
