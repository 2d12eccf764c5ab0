import type { CreateLedgerAccountDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

export class CreateAccountCommand {
  constructor(
    readonly dto: CreateLedgerAccountDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
