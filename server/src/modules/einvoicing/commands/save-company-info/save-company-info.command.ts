import type { EtaCompanyInfoDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** The taxpayer's company info for ETA (administrators only: it is the whole shop's). */
export class SaveCompanyInfoCommand {
  constructor(
    readonly dto: EtaCompanyInfoDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
