import type { ProductPropertiesUpdateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/**
 * Change a product's property types after creation: add values or a whole axis (the missing
 * combinations become new variants), or take them away (their variants retire).
 */
export class UpdateProductPropertiesCommand {
  constructor(
    readonly productId: string,
    readonly dto: ProductPropertiesUpdateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
