// Gift cards and store credit (issue 33 item 5, docs/decisions/0083): the cards, their ledger,
// selling and topping up; the sales module spends cards and refunds to store credit through the
// ledger functions here, in its own transaction.
export { GiftCardsModule } from './giftcards.module';
export { creditGiftCard, redeemGiftCards } from './services/gift-card-ledger';
// For the demo seed.
export { IssueGiftCardCommand } from './commands/issue-gift-card/issue-gift-card.command';
export { IssueGiftCardHandler } from './commands/issue-gift-card/issue-gift-card.handler';
export { GiftCardPostJournalHandler } from './events/on-giftcard-events.post-journal.handler';
export { GiftCardQueries } from './queries/gift-cards.queries';
