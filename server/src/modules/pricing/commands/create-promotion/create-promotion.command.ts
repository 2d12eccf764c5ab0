import type { PromotionCreateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A new promotion of one of the engine's four kinds. */
export class CreatePromotionCommand {
  constructor(
    readonly dto: PromotionCreateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
