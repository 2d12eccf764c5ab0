import { Injectable } from '@nestjs/common';
import { PostingSubscriber, type EventPostings } from '../../accounting';

/** The shifts' automatic postings (issue 13), in the closing command's transaction. */
@Injectable()
export class ShiftPostJournalHandler extends PostingSubscriber {
  protected readonly postings: EventPostings = {
    /** Counted cash against expected: a shortage is an expense, an excess a reduction of it. */
    'shift.closed': (c) => ({
      branchId: c.branchId,
      source: { type: 'shift', id: c.shiftId },
      createdBy: c.cashierId,
      lines: [
        { account: 'cash', debit: c.difference },
        { account: 'cash_over_short', credit: c.difference },
      ],
    }),
  };
}
