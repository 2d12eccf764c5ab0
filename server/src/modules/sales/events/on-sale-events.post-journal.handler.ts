import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { SaleCompletedEvent, SaleEditedEvent, SaleReturnedEvent } from '@pos/contracts';
import { DomainEventSubscribers, type CommandTransaction } from '../../../core/cqrs';
import {
  paymentAccount,
  queuePosting,
  reverseSourceEntries,
  type PostingLine,
} from '../../accounting';

/**
 * The sales' automatic postings (issue 13): each money fact raised by a command becomes a balanced
 * journal entry in the same transaction. No command names accounting; each module posts its own
 * events from its events/ folder (docs/adding-a-module.md).
 */
@Injectable()
export class SalePostJournalHandler implements OnModuleInit {
  constructor(private readonly subscribers: DomainEventSubscribers) {}

  onModuleInit(): void {
    this.subscribers.on('sale.completed', ({ payload }, tx) => this.sale(tx, payload));
    this.subscribers.on('sale.returned', ({ payload }, tx) => this.saleReturn(tx, payload));
    this.subscribers.on('sale.edited', ({ payload }, tx) => this.saleEdit(tx, payload));
  }

  /**
   * A sale: the money received by each method's account and what the customer owes on the
   * customers account (party: the customer) against sales net of VAT and VAT output; the goods
   * leave inventory at the average cost the stock ledger used.
   */
  private async sale(tx: CommandTransaction, s: SaleCompletedEvent): Promise<void> {
    // A repair's sale: the ticket's settle entry already posted its money, revenue and VAT (and
    // the parts left inventory for repair costs when used), so posting the sale too would count
    // them twice.
    if (s.maintenanceTicketId) return;
    queuePosting(tx, {
      branchId: s.branchId,
      source: { type: 'sale', id: s.saleId, number: s.number },
      createdBy: s.cashierId,
      lines: saleLines(s, s.discounts > 0 ? await promotionsGiven(tx, s.saleId) : 0),
    });
  }

  private async saleReturn(tx: CommandTransaction, r: SaleReturnedEvent): Promise<void> {
    const types = await methodTypes(
      tx,
      r.refunds.map((x) => x.methodId),
    );
    queuePosting(tx, {
      branchId: r.branchId,
      source: { type: 'return', id: r.returnId, number: r.number },
      createdBy: tx.meta.userId ?? null,
      lines: [
        { account: 'sales_returns', debit: r.total - r.vat },
        { account: 'vat_output', debit: r.vat },
        ...r.refunds.map((x): PostingLine => ({
          account: paymentAccount(types.get(x.methodId) ?? 'cash'),
          credit: x.amount,
        })),
        r.cod
          ? { account: 'cod_receivable', credit: r.creditReduction }
          : {
              account: 'customers',
              credit: r.creditReduction,
              party: r.customerId ? { type: 'customer', id: r.customerId } : null,
            },
        { account: 'inventory', debit: r.costTotal },
        { account: 'cogs', credit: r.costTotal },
        ...revaluation(r.stockValue - r.costTotal),
      ],
    });
  }

  /** An edited invoice: the sale's standing entry is reversed and the invoice as it now stands posted. */
  private async saleEdit(tx: CommandTransaction, e: SaleEditedEvent): Promise<void> {
    await reverseSourceEntries(tx, 'sale', e.saleId, `edit: ${e.reason}`);
    const [inv] = await tx.m.query(
      `SELECT i.number, i.branch_id, i.customer_id, i.cod, i.vat_total, i.total, i.cost_total, i.due_amount, i.cashier_id,
              COALESCE((SELECT json_agg(json_build_object('type', pm.type, 'amount', p.amount))
                          FROM sale_payments p JOIN payment_methods pm ON pm.id = p.method_id
                         WHERE p.invoice_id = i.id AND p.kind = 'payment'), '[]') AS payments
         FROM sales_invoices i WHERE i.id = $1`,
      [e.saleId],
    );
    queuePosting(tx, {
      branchId: inv.branch_id,
      source: { type: 'sale', id: e.saleId, number: inv.number },
      description: `edit: ${e.reason}`,
      createdBy: tx.meta.userId ?? null,
      lines: saleLines(
        {
          customerId: inv.customer_id,
          cod: inv.cod === true,
          vat: Number(inv.vat_total),
          total: Number(inv.total),
          costTotal: Number(inv.cost_total),
          dueAmount: Number(inv.due_amount),
          payments: (inv.payments as { type: string; amount: string | number }[]).map((p) => ({
            type: p.type,
            amount: Number(p.amount),
          })),
        },
        await promotionsGiven(tx, e.saleId),
      ),
    });
    // Its own entry, so that a later edit (which reverses the invoice's entries) keeps it.
    const revalued = revaluation(e.stockValue - (e.before.costTotal - e.after.costTotal));
    if (revalued.length)
      queuePosting(tx, {
        branchId: inv.branch_id,
        source: { type: 'sale_revaluation', id: e.saleId, number: inv.number },
        description: `edit: ${e.reason}`,
        createdBy: tx.meta.userId ?? null,
        lines: revalued,
      });
  }
}

/**
 * Goods back in stock at today's average cost but taken out of cost of sales at the sale's cost:
 * the difference (the cost was edited in between) is the inventory's revaluation, so the
 * inventory account keeps equal to the stock's value.
 */
function revaluation(amount: number): PostingLine[] {
  if (amount === 0) return [];
  return amount > 0
    ? [
        { account: 'inventory', debit: amount },
        { account: 'inventory_revaluation', credit: amount },
      ]
    : [
        { account: 'inventory', credit: -amount },
        { account: 'inventory_revaluation', debit: -amount },
      ];
}

function saleLines(
  s: Pick<
    SaleCompletedEvent,
    'customerId' | 'vat' | 'total' | 'costTotal' | 'dueAmount' | 'cod'
  > & {
    payments: { type: string; amount: number }[];
  },
  /** what the sale's promotions gave, before VAT (promotionsGiven) */
  promotions = 0,
): PostingLine[] {
  return [
    ...s.payments.map((p): PostingLine => ({ account: paymentAccount(p.type), debit: p.amount })),
    // Cash on delivery: the delivery order and its driver owe it, not the customer.
    s.cod
      ? { account: 'cod_receivable', debit: s.dueAmount }
      : {
          account: 'customers',
          debit: s.dueAmount,
          party: s.customerId ? { type: 'customer', id: s.customerId } : null,
        },
    // the revenue before the promotions, and what they gave on their own account (0090)
    { account: 'sales', credit: s.total - s.vat + promotions },
    { account: 'sales_discounts_promotions', debit: promotions },
    { account: 'vat_output', credit: s.vat },
    { account: 'cogs', debit: s.costTotal },
    { account: 'inventory', credit: s.costTotal },
  ];
}

/**
 * What a sale's promotions gave, before VAT (docs/decisions/0090): each line's promotion shares
 * (sale_lines.pricing, VAT included, as the receipt prints them) without the VAT of its rate,
 * rounded per line to the piaster.
 */
export async function promotionsGiven(tx: CommandTransaction, saleId: string): Promise<number> {
  const [row] = (await tx.m.query(
    `SELECT COALESCE(SUM(ROUND(p.amount * 100.0 / (100 + l.vat_rate))), 0)::bigint AS given
       FROM sale_lines l
       CROSS JOIN LATERAL (SELECT SUM((e->>'amount')::bigint) AS amount
                             FROM jsonb_array_elements(l.pricing->'promotions') e) p
      WHERE l.invoice_id = $1 AND jsonb_typeof(l.pricing->'promotions') = 'array'`,
    [saleId],
  )) as { given: string }[];
  return Number(row?.given ?? 0);
}

async function methodTypes(tx: CommandTransaction, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows: { id: string; type: string }[] = await tx.m.query(
    'SELECT id, type FROM payment_methods WHERE id = ANY($1)',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.type]));
}
