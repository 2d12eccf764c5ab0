import { Injectable } from '@nestjs/common';
import type { PurchasePostedEvent } from '@pos/contracts';
import {
  PostingSubscriber,
  type EventPostings,
  type Posting,
  type PostingLine,
} from '../../accounting';

/**
 * The purchase postings (issue 14), in the command's transaction:
 *
 * - a posted invoice: Dr inventory (per branch, what the stock on hand is worth more at the new
 *   average cost), Dr VAT input, Cr vendors (party: the vendor) for the total; what the goods cost
 *   net of VAT beyond that inventory figure (rounding, or stock that was below zero when they came)
 *   is inventory revaluation. Paid at posting: Dr vendors / Cr the vault's own account.
 * - a purchase return: Dr vendors for what the vendor takes back, Cr VAT input, Cr inventory at the
 *   average cost the stock left at, and the difference from the entry cost to inventory revaluation.
 */
@Injectable()
export class PostPurchaseJournalHandler extends PostingSubscriber {
  protected readonly postings: EventPostings = {
    'purchase.posted': posted,
    'purchase.returned': (r) => ({
      branchId: r.branchId,
      source: { type: 'purchase_return', id: r.returnId, number: r.number },
      createdBy: r.userId,
      lines: [
        { account: 'vendors', debit: r.total, party: { type: 'vendor', id: r.vendorId } },
        { account: 'vat_input', credit: r.vat },
        { account: 'inventory', credit: r.stockValue },
        { account: 'inventory_revaluation', debit: r.stockValue - (r.total - r.vat) },
      ],
    }),
  };
}

function posted(p: PurchasePostedEvent): Posting {
  const vendor = { type: 'vendor' as const, id: p.vendorId };
  const lines: PostingLine[] = [
    ...p.inventory.map((v): PostingLine => ({
      account: 'inventory',
      debit: v.amount,
      branchId: v.branchId,
    })),
    { account: 'inventory_revaluation', debit: p.revaluation },
    { account: 'vat_input', debit: p.vat },
    { account: 'vendors', credit: p.total, party: vendor },
  ];
  if (p.payment)
    lines.push(
      { account: 'vendors', debit: p.payment.amount, party: vendor },
      { account: { id: p.payment.accountId }, credit: p.payment.amount },
    );
  return {
    branchId: p.branchId,
    source: { type: 'purchase', id: p.invoiceId, number: p.number },
    createdBy: p.userId,
    lines,
  };
}
