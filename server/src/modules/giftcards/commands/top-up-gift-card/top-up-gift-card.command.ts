import type { GiftCardTopUpDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Load more money on a card; the client's id (the ledger row's) makes a retry harmless. */
export class TopUpGiftCardCommand {
  constructor(
    readonly cardId: string,
    readonly dto: GiftCardTopUpDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
