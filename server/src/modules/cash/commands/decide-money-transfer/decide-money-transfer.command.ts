import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** The receiving branch confirms a transfer from another branch, or rejects it (with a reason). */
export class DecideMoneyTransferCommand {
  constructor(
    readonly id: string,
    readonly decision: 'confirm' | 'reject',
    readonly reason: string | null,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
