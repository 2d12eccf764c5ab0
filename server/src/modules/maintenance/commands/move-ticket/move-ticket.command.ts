import type { MaintenanceTransitionDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** One step of a ticket's flow (MAINTENANCE_TRANSITIONS), with who and when in its history. */
export class MoveTicketCommand {
  constructor(
    readonly ticketId: string,
    readonly dto: MaintenanceTransitionDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
