import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { ShiftClosedEvent } from '@pos/contracts';
import { DomainEventSubscribers, type CommandTransaction } from '../../../core/cqrs';
import { queuePosting } from '../../accounting';

/** The shifts' automatic postings (issue 13), in the closing command's transaction. */
@Injectable()
export class ShiftPostJournalHandler implements OnModuleInit {
  constructor(private readonly subscribers: DomainEventSubscribers) {}

  onModuleInit(): void {
    this.subscribers.on('shift.closed', ({ payload }, tx) => this.shiftClose(tx, payload));
  }

  /** Counted cash against expected: a shortage is an expense, an excess a reduction of it. */
  private shiftClose(tx: CommandTransaction, c: ShiftClosedEvent): void {
    queuePosting(tx, {
      branchId: c.branchId,
      source: { type: 'shift', id: c.shiftId },
      createdBy: c.cashierId,
      lines: [
        { account: 'cash', debit: c.difference },
        { account: 'cash_over_short', credit: c.difference },
      ],
    });
  }
}
