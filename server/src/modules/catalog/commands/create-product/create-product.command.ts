import type { ProductCreateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A new product with its variants (and their opening stock). */
export class CreateProductCommand {
  constructor(
    readonly dto: ProductCreateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
