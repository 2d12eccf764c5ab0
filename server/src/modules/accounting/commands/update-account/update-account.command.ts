import type { UpdateLedgerAccountDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

export class UpdateAccountCommand {
  constructor(
    readonly id: string,
    readonly dto: UpdateLedgerAccountDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
