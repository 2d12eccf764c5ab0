import { Controller, Get, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  GiftCardCodeQueryDto,
  GiftCardIssueDto,
  GiftCardTopUpDto,
  ListQueryDto,
} from '@pos/contracts';
import { Authenticated, RequirePermissions } from '../../../core/auth/decorators';
import {
  createdOrSeen,
  DocumentController,
  DocumentRoutes,
} from '../../../core/http/document-routes';
import {
  IssueGiftCardCommand,
  type GiftCardResult,
} from '../commands/issue-gift-card/issue-gift-card.command';
import { TopUpGiftCardCommand } from '../commands/top-up-gift-card/top-up-gift-card.command';
import { GiftCardQueries } from '../queries/gift-cards.queries';

/** Selling or topping up a card: 201 with the card, or 200 with it when the client's id was seen. */
const load = {
  idempotent: true,
  status: createdOrSeen,
  answer: (_: GiftCardQueries, result: GiftCardResult) => result.card,
} as const;

/**
 * /GiftCards (issue 33 item 5, docs/api-giftcards.md): selling and topping up need
 * can_sell_gift_cards; the till's balance look-up any signed-in cashier (paying with a card is
 * part of the sale); the list and a card's ledger can_sell_gift_cards.
 */
@ApiTags('giftcards')
@Controller('GiftCards')
@DocumentRoutes({
  access: RequirePermissions(['can_sell_gift_cards']),
  get: true,
  reads: { get: 'detail' },
  commands: {
    issue: { ...load, route: Post(), command: IssueGiftCardCommand, body: GiftCardIssueDto },
    topUp: {
      ...load,
      route: Post(':id/top-ups'),
      id: true,
      command: TopUpGiftCardCommand,
      body: GiftCardTopUpDto,
    },
  },
})
export class GiftCardsController extends DocumentController(GiftCardQueries) {
  /** The till: a card's balance by its code. */
  @Authenticated()
  @Get('lookup')
  lookup(@Query() query: GiftCardCodeQueryDto) {
    return this.queries.byCode(query.code);
  }

  /** The cards and what they hold in all (`outstanding`), one page in the body. */
  @RequirePermissions(['can_sell_gift_cards'])
  @Get()
  list(@Query() query: ListQueryDto) {
    return this.queries.list(query);
  }
}
