import type { MaintenanceCreateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A device taken in for repair: the ticket, its intake history row and any deposit paid. */
export class CreateTicketCommand {
  constructor(
    readonly dto: MaintenanceCreateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
