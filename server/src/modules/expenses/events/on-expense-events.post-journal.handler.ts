import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { ExpenseRecordedEvent, ExpenseVoidedEvent } from '@pos/contracts';
import { DomainEventSubscribers, type CommandTransaction } from '../../../core/cqrs';
import { bookDates, queuePosting, reverseSourceEntries } from '../../accounting';

/**
 * The books of expenses: a recorded expense debits its category's own account (under 52) with the
 * net amount and VAT input with the VAT, and credits the vault's account with the total, dated the
 * expense's day; a voided one has that entry reversed (dated the day it was voided).
 */
@Injectable()
export class ExpensePostingsHandler implements OnModuleInit {
  constructor(private readonly subscribers: DomainEventSubscribers) {}

  onModuleInit(): void {
    this.subscribers.on('expense.recorded', ({ payload }, tx) => this.recorded(tx, payload));
    this.subscribers.on('expense.voided', ({ payload }, tx) => this.voided(tx, payload));
  }

  private async recorded(tx: CommandTransaction, e: ExpenseRecordedEvent): Promise<void> {
    const { timeZone } = await bookDates(tx.m);
    queuePosting(tx, {
      branchId: e.branchId,
      source: { type: 'expense', id: e.expenseId, number: e.number },
      createdBy: e.userId,
      occurredAt: { date: e.date, timeZone },
      lines: [
        { account: { id: e.categoryAccountId }, debit: e.amount },
        { account: 'vat_input', debit: e.vat },
        { account: { id: e.vaultAccountId }, credit: e.total },
      ],
    });
  }

  private voided(tx: CommandTransaction, e: ExpenseVoidedEvent): Promise<void> {
    return reverseSourceEntries(tx, 'expense', e.expenseId, `void: ${e.reason}`);
  }
}
