import { Module } from '@nestjs/common';
import { IssueGiftCardHandler } from './commands/issue-gift-card/issue-gift-card.handler';
import { TopUpGiftCardHandler } from './commands/top-up-gift-card/top-up-gift-card.handler';
import { GiftCardsController } from './controllers/gift-cards.controller';
import { GiftCardPostJournalHandler } from './events/on-giftcard-events.post-journal.handler';
import { GiftCardQueries } from './queries/gift-cards.queries';

/** Gift cards and store credit (issue 33 item 5): its tables are in tables.ts (no entities). */
@Module({
  controllers: [GiftCardsController],
  providers: [
    GiftCardQueries,
    IssueGiftCardHandler,
    TopUpGiftCardHandler,
    GiftCardPostJournalHandler,
  ],
  exports: [GiftCardQueries],
})
export class GiftCardsModule {}
