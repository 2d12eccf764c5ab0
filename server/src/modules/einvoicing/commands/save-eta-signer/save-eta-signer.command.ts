import type { EtaSignerDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** The e-invoice signer of the company: a PKCS#12 file or a signing agent (admins). */
export class SaveEtaSignerCommand {
  constructor(
    readonly dto: EtaSignerDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
