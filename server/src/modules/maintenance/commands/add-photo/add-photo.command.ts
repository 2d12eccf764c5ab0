import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';
import type { UploadedReceipt } from '../../../expenses';

/** A photo of the ticket's device (its condition at intake, the damage, the repair). */
export class AddPhotoCommand {
  constructor(
    readonly ticketId: string,
    readonly file: UploadedReceipt | undefined,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
