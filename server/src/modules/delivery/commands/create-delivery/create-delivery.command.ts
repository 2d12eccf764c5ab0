import type { DeliveryCreateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Mark a POS sale for delivery (after the sale; the sale itself is untouched). */
export class CreateDeliveryCommand {
  constructor(
    readonly dto: DeliveryCreateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
