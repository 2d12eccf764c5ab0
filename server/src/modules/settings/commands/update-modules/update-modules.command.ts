import type { PublicConfigUpdateDto } from '@pos/contracts';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Which optional modules the store has switched on (PATCH /api/config). */
export class UpdateModulesCommand {
  constructor(
    readonly dto: PublicConfigUpdateDto,
    readonly meta: RequestMeta,
  ) {}
}
