import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { InstallmentMoneyEvent } from '@pos/contracts';
import { DomainEventSubscribers } from '../../../core/cqrs';
import { queuePosting, type PostingLine } from '../../accounting';

/**
 * The books of installment plans: interest and fees charged on a plan are income (customers /
 * installment income); a late fee likewise (customers / late-fee income); money collected goes
 * from the customer's account into the vault's own account; a settlement's discount gives back
 * installment income.
 */
@Injectable()
export class InstallmentPostJournalHandler implements OnModuleInit {
  constructor(private readonly subscribers: DomainEventSubscribers) {}

  onModuleInit(): void {
    this.subscribers.on('installment.money', ({ payload }, tx) => {
      queuePosting(tx, {
        branchId: payload.branchId,
        source: {
          type: payload.paymentId ? 'installment_payment' : 'installment_plan',
          id: payload.paymentId ?? payload.planId,
          number: payload.number,
        },
        description: payload.kind,
        createdBy: payload.userId,
        lines: installmentLines(payload),
      });
    });
  }
}

/** The lines of one installment event (debit first). */
export function installmentLines(e: InstallmentMoneyEvent): PostingLine[] {
  const party = { type: 'customer' as const, id: e.customerId };
  switch (e.kind) {
    case 'charge':
      return [
        { account: 'customers', debit: e.amount, party },
        { account: 'installment_income', credit: e.amount },
      ];
    case 'late_fee':
      return [
        { account: 'customers', debit: e.amount, party },
        { account: 'late_fee_income', credit: e.amount },
      ];
    case 'collect':
    case 'settle': {
      // Into a vault: its own account; into the till (the collector's open shift): cash in drawers.
      if (!e.vaultAccountId && !e.shiftId)
        throw new Error(`installment payment ${e.paymentId} without a vault or a till`);
      return [
        { account: e.vaultAccountId ? { id: e.vaultAccountId } : 'cash', debit: e.amount },
        { account: 'installment_income', debit: e.discount },
        { account: 'customers', credit: e.amount + e.discount, party },
      ];
    }
  }
}
