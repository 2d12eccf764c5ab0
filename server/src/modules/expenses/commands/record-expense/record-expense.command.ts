import type { ExpenseCreateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';
import type { UploadedReceipt } from '../../services/receipt-image';

/** Record an expense paid out of a vault, with an optional receipt photo. */
export class RecordExpenseCommand {
  constructor(
    readonly dto: ExpenseCreateDto,
    readonly file: UploadedReceipt | undefined,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
