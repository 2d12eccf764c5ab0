import type { EtaBranchSettingsDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Turns a branch's e-receipts on or off. */
export class SetBranchEReceiptsCommand {
  constructor(
    readonly branchId: string,
    readonly dto: EtaBranchSettingsDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
