import type { ExpenseVoidDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Void an expense: the money back into its vault, its journal entry reversed. */
export class VoidExpenseCommand {
  constructor(
    readonly id: string,
    readonly dto: ExpenseVoidDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
