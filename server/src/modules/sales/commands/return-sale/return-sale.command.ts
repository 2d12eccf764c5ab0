import type { CreateReturnDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

export class ReturnSaleCommand {
  constructor(
    readonly invoiceId: string,
    readonly dto: CreateReturnDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
