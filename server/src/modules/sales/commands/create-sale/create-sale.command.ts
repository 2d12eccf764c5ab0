import type { CreateSaleDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

export class CreateSaleCommand {
  constructor(
    readonly dto: CreateSaleDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}

export type CreateSaleResult = { invoiceId: string; created: boolean };
