import type { GiftCardDto, GiftCardIssueDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Sell (issue) a gift card; the client's card id makes a retry harmless. */
export class IssueGiftCardCommand {
  constructor(
    readonly dto: GiftCardIssueDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}

export type GiftCardResult = { created: boolean; card: GiftCardDto };
