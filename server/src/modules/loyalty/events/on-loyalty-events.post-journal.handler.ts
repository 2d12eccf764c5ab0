import { Injectable } from '@nestjs/common';
import { PostingSubscriber, type EventPostings } from '../../accounting';

/**
 * The loyalty postings (issue 33 item 4, docs/decisions/0091): points earned are owed to the
 * customer (Dr loyalty expense / Cr loyalty liability at their value); a return that takes them
 * back and a revaluation move the same two accounts by their signed value. Redeeming is the sale's
 * own entry: its points tender posts to the loyalty liability (accounting's paymentAccount).
 */
@Injectable()
export class LoyaltyPostJournalHandler extends PostingSubscriber {
  protected readonly postings: EventPostings = {
    'loyalty.moved': (e) => ({
      branchId: e.branchId,
      source: { type: 'loyalty', id: e.referenceId, number: e.number ?? null },
      createdBy: e.userId,
      lines: [
        { account: 'loyalty_expense', debit: e.value },
        { account: 'loyalty_liability', credit: e.value },
      ],
    }),
  };
}
