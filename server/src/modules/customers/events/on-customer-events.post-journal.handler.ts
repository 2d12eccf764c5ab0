import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { CustomerPaymentReceivedEvent } from '@pos/contracts';
import { DomainEventSubscribers, type CommandTransaction } from '../../../core/cqrs';
import { paymentAccount, queuePosting } from '../../accounting';

/** The customers' automatic postings (issue 13), in the receiving command's transaction. */
@Injectable()
export class CustomerPostJournalHandler implements OnModuleInit {
  constructor(private readonly subscribers: DomainEventSubscribers) {}

  onModuleInit(): void {
    this.subscribers.on('customer.payment.received', ({ payload }, tx) =>
      this.customerPayment(tx, payload),
    );
  }

  private async customerPayment(
    tx: CommandTransaction,
    p: CustomerPaymentReceivedEvent,
  ): Promise<void> {
    // Into a vault: its own account; at the till: the method's (cash in the drawers, card…).
    const types = p.accountId || !p.methodId ? null : await methodTypes(tx, [p.methodId]);
    queuePosting(tx, {
      branchId: p.branchId,
      source: { type: 'customer_payment', id: p.paymentId },
      createdBy: tx.meta.userId ?? null,
      lines: [
        {
          account: p.accountId
            ? { id: p.accountId }
            : paymentAccount((p.methodId && types?.get(p.methodId)) || 'cash'),
          debit: p.amount,
        },
        { account: 'customers', credit: p.amount, party: { type: 'customer', id: p.customerId } },
      ],
    });
  }
}

async function methodTypes(tx: CommandTransaction, ids: string[]): Promise<Map<string, string>> {
  const rows: { id: string; type: string }[] = await tx.m.query(
    'SELECT id, type FROM payment_methods WHERE id = ANY($1)',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.type]));
}
