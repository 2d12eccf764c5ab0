import type { ReservationCreateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Reserve variants for a customer against a deposit until an expiry time. */
export class CreateReservationCommand {
  constructor(
    readonly dto: ReservationCreateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
