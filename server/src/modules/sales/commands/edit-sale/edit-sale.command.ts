import type { EditSaleDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

export class EditSaleCommand {
  constructor(
    readonly invoiceId: string,
    readonly dto: EditSaleDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
