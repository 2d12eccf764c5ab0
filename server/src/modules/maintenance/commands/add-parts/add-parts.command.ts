import type { MaintenancePartsDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Spare parts used on a ticket: out of the branch's stock, onto the ticket's bill. */
export class AddPartsCommand {
  constructor(
    readonly ticketId: string,
    readonly dto: MaintenancePartsDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
