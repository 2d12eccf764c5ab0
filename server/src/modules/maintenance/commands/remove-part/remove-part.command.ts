import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A part taken off a ticket (not used after all): back into stock, off the ticket's bill. */
export class RemovePartCommand {
  constructor(
    readonly ticketId: string,
    readonly partId: string,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
