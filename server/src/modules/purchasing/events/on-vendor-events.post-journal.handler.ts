import { Injectable } from '@nestjs/common';
import { PostingSubscriber, type EventPostings } from '../../accounting';

/**
 * The books of the vendors' own facts (issue 14): an opening balance is owed to the vendor against
 * opening balances (equity); a payment lowers what is owed (vendors, party: the vendor) against the
 * vault's own account. Both in the command's transaction.
 */
@Injectable()
export class PostVendorJournalHandler extends PostingSubscriber {
  protected readonly postings: EventPostings = {
    /** amount > 0: Dr opening balances / Cr vendors; a reversal (amount < 0) the other way round. */
    'vendor.opening.posted': (e) => ({
      branchId: e.branchId,
      source: { type: 'vendor_opening', id: e.vendorId, number: null },
      description: e.vendorName,
      createdBy: e.userId,
      lines: [
        { account: 'opening_balances', debit: e.amount },
        { account: 'vendors', credit: e.amount, party: { type: 'vendor', id: e.vendorId } },
      ],
    }),
    'vendor.payment.made': (e) => ({
      branchId: e.branchId,
      source: { type: 'vendor_payment', id: e.paymentId, number: e.number },
      createdBy: e.userId,
      lines: [
        { account: 'vendors', debit: e.amount, party: { type: 'vendor', id: e.vendorId } },
        { account: { id: e.accountId }, credit: e.amount },
      ],
    }),
  };
}
