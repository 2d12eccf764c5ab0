import type { PromotionUpdateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A patch of a promotion (null clears an optional field: window, get, maxApplications…). */
export class UpdatePromotionCommand {
  constructor(
    readonly id: string,
    readonly dto: PromotionUpdateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
