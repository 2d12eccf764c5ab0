import { Injectable } from '@nestjs/common';
import { paymentAccount, PostingSubscriber, type EventPostings } from '../../accounting';

/**
 * The gift cards' postings (issue 33 item 5, docs/decisions/0083): a card sold or topped up is
 * money in (the method's account) owed back as goods (the gift-card liability), with no revenue
 * and no VAT. Spending a card and refunding a return to store credit are the sale's and the
 * return's own entries: their tender or refund by the gift-card method posts to the same liability
 * (accounting's paymentAccount).
 */
@Injectable()
export class GiftCardPostJournalHandler extends PostingSubscriber {
  protected readonly postings: EventPostings = {
    'giftcard.loaded': (e) => ({
      branchId: e.branchId,
      source: { type: 'gift_card', id: e.entryId, number: e.code },
      createdBy: e.userId,
      lines: [
        { account: paymentAccount(e.methodType), debit: e.amount },
        { account: 'gift_card_liability', credit: e.amount },
      ],
    }),
  };
}
