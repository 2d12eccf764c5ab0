import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { VendorOpeningPostedEvent, VendorPaymentMadeEvent } from '@pos/contracts';
import { DomainEventSubscribers, type CommandTransaction } from '../../../core/cqrs';
import { queuePosting } from '../../accounting';

/**
 * The books of the vendors' own facts (issue 14): an opening balance is owed to the vendor against
 * opening balances (equity); a payment lowers what is owed (vendors, party: the vendor) against the
 * vault's own account. Both in the command's transaction.
 */
@Injectable()
export class PostVendorJournalHandler implements OnModuleInit {
  constructor(private readonly subscribers: DomainEventSubscribers) {}

  onModuleInit(): void {
    this.subscribers.on('vendor.opening.posted', ({ payload }, tx) => this.opening(tx, payload));
    this.subscribers.on('vendor.payment.made', ({ payload }, tx) => this.payment(tx, payload));
  }

  /** amount > 0: Dr opening balances / Cr vendors; a reversal (amount < 0) the other way round. */
  opening(tx: CommandTransaction, e: VendorOpeningPostedEvent): void {
    queuePosting(tx, {
      branchId: e.branchId,
      source: { type: 'vendor_opening', id: e.vendorId, number: null },
      description: e.vendorName,
      createdBy: e.userId,
      lines: [
        { account: 'opening_balances', debit: e.amount },
        { account: 'vendors', credit: e.amount, party: { type: 'vendor', id: e.vendorId } },
      ],
    });
  }

  payment(tx: CommandTransaction, e: VendorPaymentMadeEvent): void {
    queuePosting(tx, {
      branchId: e.branchId,
      source: { type: 'vendor_payment', id: e.paymentId, number: e.number },
      createdBy: e.userId,
      lines: [
        { account: 'vendors', debit: e.amount, party: { type: 'vendor', id: e.vendorId } },
        { account: { id: e.accountId }, credit: e.amount },
      ],
    });
  }
}
