import { Injectable } from '@nestjs/common';
import {
  bookDates,
  PostingSubscriber,
  reverseSourceEntries,
  type EventPostings,
} from '../../accounting';

/**
 * The books of expenses: a recorded expense debits its category's own account (under 52) with the
 * net amount and VAT input with the VAT, and credits the vault's account with the total, dated the
 * expense's day; a voided one has that entry reversed (dated the day it was voided).
 */
@Injectable()
export class ExpensePostingsHandler extends PostingSubscriber {
  protected readonly postings: EventPostings = {
    'expense.recorded': async (e, tx) => ({
      branchId: e.branchId,
      source: { type: 'expense', id: e.expenseId, number: e.number },
      createdBy: e.userId,
      occurredAt: { date: e.date, timeZone: (await bookDates(tx.m)).timeZone },
      lines: [
        { account: { id: e.categoryAccountId }, debit: e.amount },
        { account: 'vat_input', debit: e.vat },
        { account: { id: e.vaultAccountId }, credit: e.total },
      ],
    }),
    'expense.voided': (e, tx) =>
      reverseSourceEntries(tx, 'expense', e.expenseId, `void: ${e.reason}`),
  };
}
