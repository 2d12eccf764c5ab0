import { Injectable } from '@nestjs/common';
import type { MoneyTransactionPostedEvent } from '@pos/contracts';
import {
  PostingSubscriber,
  type EventPostings,
  type PostingLine,
  type SystemAccount,
} from '../../accounting';

/**
 * The postings of the vaults' money (issue 15), each to the vaults' own accounts by id:
 * - deposit: Dr vault / Cr other income; withdrawal: Dr other cash payments / Cr vault;
 * - owner's capital: Dr vault / Cr capital; owner's drawings: Dr drawings / Cr vault;
 * - settlement: Dr bank vault / Cr the card or wallet clearing account;
 * - transfer within a branch: Dr receiving vault / Cr sending vault; to another branch: sent
 *   Dr cash in transit / Cr sending vault (the sender's branch), received Dr receiving vault /
 *   Cr cash in transit, returned Dr sending vault / Cr cash in transit (the transit line stays
 *   on the sending branch, so it nets to zero there);
 * - a shift's cash into the main vault: Dr main vault / Cr cash in the drawers (1101).
 */
@Injectable()
export class PostMoneyJournalHandler extends PostingSubscriber {
  protected readonly postings: EventPostings = {
    'money.transaction.posted': (e) => ({
      branchId: e.phase === 'received' ? e.toBranchId : e.fromBranchId,
      source: { type: 'money_transaction', id: e.transactionId, number: e.number },
      description: e.reason || null,
      createdBy: e.userId,
      lines: moneyLines(e),
    }),
    'shift.cash.deposited': (e) => ({
      branchId: e.branchId,
      source: { type: 'shift_deposit', id: e.shiftId },
      createdBy: e.userId,
      lines: [
        { account: { id: e.accountId }, debit: e.amount },
        { account: 'cash', credit: e.amount },
      ],
    }),
  };
}

const COUNTER: Partial<Record<MoneyTransactionPostedEvent['type'], SystemAccount>> = {
  deposit: 'other_income',
  capital_in: 'capital',
  withdrawal: 'other_cash_payments',
  drawings_out: 'drawings',
};

/** The lines of one money transaction's phase (amounts in piasters, balanced). */
export function moneyLines(e: MoneyTransactionPostedEvent): PostingLine[] {
  const a = e.amount;
  const from = e.fromAccountId ? { id: e.fromAccountId } : null;
  const to = e.toAccountId ? { id: e.toAccountId } : null;
  const transit = { account: 'cash_in_transit' as const, branchId: e.fromBranchId };
  switch (e.phase) {
    case 'sent':
      return [
        { ...transit, debit: a },
        { account: from!, credit: a },
      ];
    case 'received':
      return [
        { account: to!, debit: a, branchId: e.toBranchId },
        { ...transit, credit: a },
      ];
    case 'returned':
      return [
        { account: from!, debit: a, branchId: e.fromBranchId },
        { ...transit, credit: a },
      ];
    case 'complete':
      break;
  }
  if (e.type === 'transfer')
    return [
      { account: to!, debit: a },
      { account: from!, credit: a },
    ];
  if (e.type === 'settlement')
    return [
      { account: to!, debit: a },
      { account: e.methodType === 'wallet' ? 'wallet_clearing' : 'card_clearing', credit: a },
    ];
  const counter = COUNTER[e.type]!;
  return to
    ? [
        { account: to, debit: a },
        { account: counter, credit: a },
      ]
    : [
        { account: counter, debit: a },
        { account: from!, credit: a },
      ];
}
