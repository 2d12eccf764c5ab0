import type { ReservationCancelDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Cancel an active reservation: the stock is released, the deposit refunded or forfeited. */
export class CancelReservationCommand {
  constructor(
    readonly id: string,
    readonly dto: ReservationCancelDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
