import { Body, Controller, Get, HttpStatus, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  GiftCardCodeQueryDto,
  GiftCardIssueDto,
  GiftCardTopUpDto,
  ListQueryDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import {
  Authenticated,
  CurrentUser,
  Meta,
  RequirePermissions,
  type RequestMeta,
} from '../../../core/auth/decorators';
import { IdParam } from '../../../core/http/document-routes';
import { Idempotent } from '../../../core/http/idempotency';
import {
  IssueGiftCardCommand,
  type GiftCardResult,
} from '../commands/issue-gift-card/issue-gift-card.command';
import { TopUpGiftCardCommand } from '../commands/top-up-gift-card/top-up-gift-card.command';
import { GiftCardQueries } from '../queries/gift-cards.queries';

/**
 * /GiftCards (issue 33 item 5, docs/api-giftcards.md): selling and topping up need
 * can_sell_gift_cards; the till's balance look-up any signed-in cashier (paying with a card is
 * part of the sale); the list and a card's ledger can_sell_gift_cards.
 */
@ApiTags('giftcards')
@Controller('GiftCards')
export class GiftCardsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: GiftCardQueries,
  ) {}

  @RequirePermissions(['can_sell_gift_cards'])
  @Idempotent()
  @Post()
  async issue(
    @Body() dto: GiftCardIssueDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
    @Res({ passthrough: true }) res: Response,
  ) {
    const result: GiftCardResult = await this.commands.execute(
      new IssueGiftCardCommand(dto, user, meta),
    );
    res.status(result.created ? HttpStatus.CREATED : HttpStatus.OK);
    return result.card;
  }

  @RequirePermissions(['can_sell_gift_cards'])
  @Idempotent()
  @Post(':id/top-ups')
  async topUp(
    @IdParam() id: string,
    @Body() dto: GiftCardTopUpDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
    @Res({ passthrough: true }) res: Response,
  ) {
    const result: GiftCardResult = await this.commands.execute(
      new TopUpGiftCardCommand(id, dto, user, meta),
    );
    res.status(result.created ? HttpStatus.CREATED : HttpStatus.OK);
    return result.card;
  }

  /** The till: a card's balance by its code. */
  @Authenticated()
  @Get('lookup')
  lookup(@Query() query: GiftCardCodeQueryDto) {
    return this.queries.byCode(query.code);
  }

  @RequirePermissions(['can_sell_gift_cards'])
  @Get()
  list(@Query() query: ListQueryDto) {
    return this.queries.list(query);
  }

  @RequirePermissions(['can_sell_gift_cards'])
  @Get(':id')
  get(@IdParam() id: string) {
    return this.queries.detail(id);
  }
}
