import type { CouponCreateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** One coupon code of a coupon promotion (issue 33 item 3); a code is generated when none is given. */
export class CreateCouponCommand {
  constructor(
    readonly dto: CouponCreateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
