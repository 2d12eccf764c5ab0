import type { VendorPaymentDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A payment to a vendor out of a vault; the client's payment id makes a retry harmless. */
export class PayVendorCommand {
  constructor(
    readonly vendorId: string,
    readonly dto: VendorPaymentDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
