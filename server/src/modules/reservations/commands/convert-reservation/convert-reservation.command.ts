import type { ReservationConvertDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Sell the reserved variants to the reservation's customer at the POS, the deposit counted. */
export class ConvertReservationCommand {
  constructor(
    readonly id: string,
    readonly dto: ReservationConvertDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
