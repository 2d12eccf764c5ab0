import type { CouponBatchDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A batch of generated codes with the same terms (issue 33 item 3). */
export class GenerateCouponsCommand {
  constructor(
    readonly dto: CouponBatchDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
