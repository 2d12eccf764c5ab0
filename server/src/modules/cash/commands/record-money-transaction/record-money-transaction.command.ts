import type { MoneyTransactionCreateDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A deposit, withdrawal, transfer, owner's capital or drawings, or a card/wallet settlement. */
export class RecordMoneyTransactionCommand {
  constructor(
    readonly dto: MoneyTransactionCreateDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
