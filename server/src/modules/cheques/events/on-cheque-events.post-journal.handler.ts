import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { ChequeChangedEvent } from '@pos/contracts';
import { DomainEventSubscribers, type CommandTransaction } from '../../../core/cqrs';
import { queuePosting, type PostingLine } from '../../accounting';

/**
 * The books of a cheque's flow. A received cheque moves the customer's debt into cheques
 * receivable; clearing turns it into money in the bank vault's own account; a bounce or a
 * cancellation puts it back on the customer. An issued cheque moves what the shop owes the vendor
 * into cheques payable; clearing pays it from the bank vault's account; a bounce or a cancellation
 * puts it back on the vendor. Depositing posts nothing (the cheque is still receivable).
 */
@Injectable()
export class ChequePostJournalHandler implements OnModuleInit {
  constructor(private readonly subscribers: DomainEventSubscribers) {}

  onModuleInit(): void {
    for (const type of [
      'cheque.recorded',
      'cheque.cleared',
      'cheque.bounced',
      'cheque.cancelled',
    ] as const)
      this.subscribers.on(type, ({ payload }, tx) => this.post(tx, payload));
  }

  private post(tx: CommandTransaction, c: ChequeChangedEvent): void {
    const lines = chequeLines(c);
    if (!lines.length) return;
    queuePosting(tx, {
      branchId: c.branchId,
      source: { type: 'cheque', id: c.chequeId, number: c.number },
      description: c.to,
      createdBy: c.userId,
      lines,
    });
  }
}

/** The lines of one step (debit first); none for a step that moves no value. */
export function chequeLines(c: ChequeChangedEvent): PostingLine[] {
  const party = { type: c.partyType, id: c.partyId };
  const amount = c.amount;
  if (c.direction === 'received') {
    const customers: PostingLine['account'] = 'customers';
    switch (c.to) {
      case 'received':
        return [
          { account: 'cheques_receivable', debit: amount },
          { account: customers, credit: amount, party },
        ];
      case 'cleared':
        return [
          { account: { id: vaultAccount(c) }, debit: amount },
          { account: 'cheques_receivable', credit: amount },
        ];
      case 'bounced':
      case 'cancelled':
        return [
          { account: customers, debit: amount, party },
          { account: 'cheques_receivable', credit: amount },
        ];
      case 'deposited':
      case 'issued':
        return [];
    }
  }
  switch (c.to) {
    case 'issued':
      return [
        { account: 'vendors', debit: amount, party },
        { account: 'cheques_payable', credit: amount },
      ];
    case 'cleared':
      return [
        { account: 'cheques_payable', debit: amount },
        { account: { id: vaultAccount(c) }, credit: amount },
      ];
    case 'bounced':
    case 'cancelled':
      return [
        { account: 'cheques_payable', debit: amount },
        { account: 'vendors', credit: amount, party },
      ];
    case 'deposited':
    case 'received':
      return [];
  }
}

function vaultAccount(c: ChequeChangedEvent): string {
  if (!c.vaultAccountId) throw new Error(`cheque ${c.chequeId} cleared without a vault account`);
  return c.vaultAccountId;
}
