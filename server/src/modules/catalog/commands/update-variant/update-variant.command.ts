import type { VariantUpdateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A patch of one variant: SKU, barcodes, properties, prices, threshold, active. */
export class UpdateVariantCommand {
  constructor(
    readonly variantId: string,
    readonly dto: VariantUpdateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
