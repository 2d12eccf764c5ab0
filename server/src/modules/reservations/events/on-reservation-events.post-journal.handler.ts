import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { ReservationChangedEvent } from '@pos/contracts';
import { DomainEventSubscribers, type CommandTransaction } from '../../../core/cqrs';
import { queuePosting, type PostingLine } from '../../accounting';

/**
 * The books of a reservation's deposit: taken into a vault it is owed to the customer (Dr the
 * vault's account / Cr customer deposits); applied to a sale or credited on expiry it pays the
 * customer's account (Dr customer deposits / Cr customers); refunded it leaves the vault
 * (Dr customer deposits / Cr the vault's account); forfeited it is the shop's (Dr customer
 * deposits / Cr other income).
 */
@Injectable()
export class ReservationPostJournalHandler implements OnModuleInit {
  constructor(private readonly subscribers: DomainEventSubscribers) {}

  onModuleInit(): void {
    for (const type of [
      'reservation.created',
      'reservation.converted',
      'reservation.cancelled',
      'reservation.expired',
    ] as const)
      this.subscribers.on(type, ({ payload }, tx) => this.post(tx, payload));
  }

  private post(tx: CommandTransaction, r: ReservationChangedEvent): void {
    const lines = reservationLines(r);
    if (!lines.length) return;
    queuePosting(tx, {
      branchId: r.branchId,
      source: { type: 'reservation', id: r.reservationId, number: r.number },
      description: r.outcome,
      createdBy: r.userId,
      lines,
    });
  }
}

export function reservationLines(r: ReservationChangedEvent): PostingLine[] {
  const amount = r.deposit;
  if (amount === 0) return [];
  const vault = () => {
    if (!r.vaultAccountId)
      throw new Error(`reservation ${r.reservationId} without a vault account`);
    return { id: r.vaultAccountId };
  };
  const party = { type: 'customer' as const, id: r.customerId };
  switch (r.outcome) {
    case 'held':
      return [
        { account: vault(), debit: amount },
        { account: 'customer_deposits', credit: amount, party },
      ];
    case 'applied':
    case 'credited':
      return [
        { account: 'customer_deposits', debit: amount, party },
        { account: 'customers', credit: amount, party },
      ];
    case 'refunded':
      return [
        { account: 'customer_deposits', debit: amount, party },
        { account: vault(), credit: amount },
      ];
    case 'forfeited':
      return [
        { account: 'customer_deposits', debit: amount, party },
        { account: 'other_income', credit: amount },
      ];
  }
}
