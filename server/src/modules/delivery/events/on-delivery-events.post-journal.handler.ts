import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { DeliveryCollectedEvent, DeliverySettledEvent } from '@pos/contracts';
import { DomainEventSubscribers, type CommandTransaction } from '../../../core/cqrs';
import { queuePosting, type Posting, type PostingLine } from '../../accounting';

/**
 * The books of delivery cash: on delivery the driver holds what they collected (Dr driver cash)
 * for the customer's due part (Cr customers) and the delivery fee (Cr other income net of the VAT
 * it includes at the store's service rate, Cr VAT output); a settlement
 * moves it into the vault (Dr the vault's account / Cr driver cash). A cash-on-delivery sale
 * (issue 30 item 21) already put its due part on the COD receivable: its delivery adds the fee
 * there (Dr COD receivable) and its settlement clears it (Cr COD receivable).
 */
@Injectable()
export class DeliveryPostJournalHandler implements OnModuleInit {
  constructor(private readonly subscribers: DomainEventSubscribers) {}

  onModuleInit(): void {
    this.subscribers.on('delivery.collected', ({ payload: d }, tx) => {
      const source: Posting['source'] = { type: 'delivery', id: d.orderId, number: d.number };
      post(tx, d, source, 'delivered', collectedLines(d));
    });
    this.subscribers.on('delivery.settled', ({ payload: s }, tx) => {
      const source: Posting['source'] = {
        type: 'delivery_settlement',
        id: s.settlementId,
        number: s.number,
      };
      post(tx, s, source, 'settled', settledLines(s));
    });
  }
}

/** One entry of a branch's delivery cash, made by the event's user. */
function post(
  tx: CommandTransaction,
  e: { branchId: string; userId: string | null },
  source: Posting['source'],
  description: string,
  lines: PostingLine[],
): void {
  queuePosting(tx, { branchId: e.branchId, source, description, createdBy: e.userId, lines });
}

export function collectedLines(d: DeliveryCollectedEvent): PostingLine[] {
  // Cash on delivery (issue 30 item 21): the due part is already on the COD receivable (the sale
  // put it there); the fee joins it. The driver owes the whole until the settlement.
  if (d.cod)
    return [
      { account: 'cod_receivable', debit: d.fee },
      { account: 'other_income', credit: d.fee - d.vat },
      ...(d.vat > 0 ? [{ account: 'vat_output' as const, credit: d.vat }] : []),
    ];
  return [
    { account: 'driver_cash', debit: d.collected },
    {
      account: 'customers',
      credit: d.due,
      party: d.customerId ? { type: 'customer', id: d.customerId } : null,
    },
    { account: 'other_income', credit: d.fee - d.vat },
    ...(d.vat > 0 ? [{ account: 'vat_output' as const, credit: d.vat }] : []),
  ];
}

export function settledLines(s: DeliverySettledEvent): PostingLine[] {
  return [
    { account: { id: s.vaultAccountId }, debit: s.amount },
    { account: 'driver_cash', credit: s.amount - (s.codAmount ?? 0) },
    { account: 'cod_receivable', credit: s.codAmount ?? 0 },
  ];
}
