import type { MaintenanceUpdateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** The technician, priority, estimate, diagnosis, labour fee or warranty of an open ticket. */
export class UpdateTicketCommand {
  constructor(
    readonly ticketId: string,
    readonly dto: MaintenanceUpdateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
