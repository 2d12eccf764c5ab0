import type { SiteSettingsUpdateDto } from '@pos/contracts';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** The site's limits (PATCH /api/admin/settings: the number of branches allowed). */
export class UpdateSiteSettingsCommand {
  constructor(
    readonly dto: SiteSettingsUpdateDto,
    readonly meta: RequestMeta,
  ) {}
}
