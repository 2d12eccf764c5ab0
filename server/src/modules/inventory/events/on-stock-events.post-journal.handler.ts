import { Injectable, type OnModuleInit } from '@nestjs/common';
import type {
  StockAdjustedEvent,
  StockTakingPostedEvent,
  TransferReceivedEvent,
  TransferShippedEvent,
  VariantCostChangedEvent,
} from '@pos/contracts';
import { DomainEventSubscribers, type CommandTransaction } from '../../../core/cqrs';
import { queuePosting, type PostingLine } from '../../accounting';

/**
 * The stock postings (issue 13 item 4), beside the stock ledger (the events come from inventory,
 * catalog, stock-taking and transfers, all valued by the ledger): every movement of stock value that is not a sale or a
 * return becomes a balanced entry in the command's transaction, so the inventory account (per
 * branch) stays equal to Σ(on hand × average cost) of the stock ledger. Values come valued in
 * the events (the stock ledger's average cost, piasters).
 *
 * - adjustment: a loss is Dr shrinkage / Cr inventory, a gain the reverse (shrinkage is net);
 * - opening stock (an `opening` adjustment, a new variant's opening quantities): Dr inventory /
 *   Cr opening balances;
 * - stock-taking: one entry with a line per direction, against shrinkage;
 * - transfer: shipped, Dr goods in transit [destination] / Cr inventory [source]; received, Dr inventory
 *   [destination] / Cr goods in transit, what was lost on the way to shrinkage [destination],
 *   and a cost edited while the goods travelled to revaluation;
 * - an edited average cost: Dr/Cr inventory against inventory revaluation, per branch.
 */
@Injectable()
export class PostStockJournalHandler implements OnModuleInit {
  constructor(private readonly subscribers: DomainEventSubscribers) {}

  onModuleInit(): void {
    this.subscribers.on('stock.adjusted', ({ payload }, tx) => this.adjusted(tx, payload));
    this.subscribers.on('stocktaking.posted', ({ payload }, tx) => this.stockTaking(tx, payload));
    this.subscribers.on('transfer.shipped', ({ payload }, tx) => this.shipped(tx, payload));
    this.subscribers.on('transfer.received', ({ payload }, tx) => this.received(tx, payload));
    this.subscribers.on('variant.cost.changed', ({ payload }, tx) => this.revalued(tx, payload));
  }

  private adjusted(tx: CommandTransaction, a: StockAdjustedEvent): void {
    const against = a.reason === 'opening' ? 'opening_balances' : 'shrinkage';
    const branches = new Set(a.values.map((v) => v.branchId));
    queuePosting(tx, {
      branchId: branches.size === 1 ? a.values[0].branchId : null,
      source: a.source,
      createdBy: a.userId,
      lines: a.values.flatMap((v) => gainAndLoss(against, v.increase, v.decrease, v.branchId)),
    });
  }

  private stockTaking(tx: CommandTransaction, s: StockTakingPostedEvent): void {
    queuePosting(tx, {
      branchId: s.branchId,
      source: { type: 'stock_taking', id: s.stockTakingId, number: s.number },
      createdBy: s.userId,
      lines: gainAndLoss('shrinkage', s.increase, s.decrease),
    });
  }

  private shipped(tx: CommandTransaction, t: TransferShippedEvent): void {
    queuePosting(tx, {
      branchId: t.fromBranchId,
      source: transferSource(t),
      createdBy: t.userId,
      lines: [
        // in transit to the destination: its branch carries the goods until they arrive
        { account: 'inventory_in_transit', debit: t.value, branchId: t.toBranchId },
        { account: 'inventory', credit: t.value },
      ],
    });
  }

  /**
   * The transit account is cleared by what the shipment put into it (read from the books, so a
   * transfer shipped before the books existed clears nothing: its goods enter at opening balances).
   */
  private async received(tx: CommandTransaction, t: TransferReceivedEvent): Promise<void> {
    const [row] = await tx.m.query(
      `SELECT count(*)::int AS entries, COALESCE(sum(l.debit - l.credit), 0)::bigint AS transit
         FROM journal_entries e
         LEFT JOIN journal_lines l ON l.entry_id = e.id
                                  AND l.account_id = (SELECT id FROM accounts WHERE system_key = 'inventory_in_transit')
        WHERE e.source_type = 'transfer' AND e.source_id = $1`,
      [t.transferId],
    );
    const transit = Number(row?.transit ?? 0);
    const shipped = Number(row?.entries ?? 0) > 0;
    const lines: PostingLine[] = [{ account: 'inventory', debit: t.value }];
    if (!shipped) lines.push({ account: 'opening_balances', credit: t.value });
    else
      lines.push(
        { account: 'inventory_in_transit', credit: transit },
        { account: 'shrinkage', debit: t.shortValue },
        // what is left: the average cost edited while the goods travelled (or a piaster of rounding)
        { account: 'inventory_revaluation', debit: transit - t.value - t.shortValue },
      );
    queuePosting(tx, {
      branchId: t.toBranchId,
      source: transferSource(t),
      createdBy: t.userId,
      lines,
    });
  }

  private revalued(tx: CommandTransaction, c: VariantCostChangedEvent): void {
    queuePosting(tx, {
      branchId: c.values.length === 1 ? c.values[0].branchId : null,
      source: { type: 'variant', id: c.variantId, number: c.sku },
      createdBy: c.userId,
      lines: c.values.flatMap((v): PostingLine[] => [
        { account: 'inventory', debit: v.amount, branchId: v.branchId },
        { account: 'inventory_revaluation', credit: v.amount, branchId: v.branchId },
      ]),
    });
  }
}

/**
 * A gain in stock value (Dr inventory / Cr `against`) and a loss (Dr `against` / Cr inventory),
 * on the given branch's lines (else the entry's).
 */
function gainAndLoss(
  against: 'shrinkage' | 'opening_balances',
  increase: number,
  decrease: number,
  branchId?: string,
): PostingLine[] {
  const at = branchId ? { branchId } : {};
  return [
    { account: 'inventory', debit: increase, ...at },
    { account: against, credit: increase, ...at },
    { account: against, debit: decrease, ...at },
    { account: 'inventory', credit: decrease, ...at },
  ];
}

/** A transfer's entries name the transfer request. */
const transferSource = (t: TransferShippedEvent | TransferReceivedEvent) => ({
  type: 'transfer' as const,
  id: t.transferId,
  number: t.number,
});
