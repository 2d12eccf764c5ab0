import type { ProductUpdateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A patch of a product's own fields (its variants keep their search text in step). */
export class UpdateProductCommand {
  constructor(
    readonly productId: string,
    readonly dto: ProductUpdateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
