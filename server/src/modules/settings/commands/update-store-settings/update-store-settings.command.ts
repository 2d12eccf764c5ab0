import type { StoreSettingsUpdateDto } from '@pos/contracts';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** The store-wide settings every register shares (time zone, scale-barcode layout). */
export class UpdateStoreSettingsCommand {
  constructor(
    readonly dto: StoreSettingsUpdateDto,
    readonly meta: RequestMeta,
  ) {}
}
