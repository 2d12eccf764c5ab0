import type { VariantInputDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** One more variant of an existing product. */
export class AddVariantCommand {
  constructor(
    readonly productId: string,
    readonly dto: VariantInputDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
