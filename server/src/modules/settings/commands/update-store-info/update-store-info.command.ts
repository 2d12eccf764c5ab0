import type { StoreInfoUpdateDto } from '@pos/contracts';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A patch of the store's details (name, address, tax numbers, receipt texts). */
export class UpdateStoreInfoCommand {
  constructor(
    readonly storeInfoId: string,
    readonly dto: StoreInfoUpdateDto,
    readonly meta: RequestMeta,
  ) {}
}
