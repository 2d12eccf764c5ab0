import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainEventSubscribers, type CommandTransaction } from '../../../core/cqrs';

type Delta = {
  invoices?: number;
  sales?: number;
  returns?: number;
  cost?: number;
  returnedCost?: number;
  paymentsIn?: number;
  /** the net paid in (refunds out) by payment method */
  byMethod?: { methodId: string; amount: number }[];
};

const negate = (rows: { methodId: string; amount: number }[]) =>
  rows.map((r) => ({ methodId: r.methodId, amount: -r.amount }));

/** {methodId: net} of a list of amounts (zero nets left out). */
function byMethodObject(rows: { methodId: string; amount: number }[] = []): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) out[r.methodId] = (out[r.methodId] ?? 0) + r.amount;
  for (const k of Object.keys(out)) if (out[k] === 0) delete out[k];
  return out;
}

/** Adds two {methodId: net} jsonb objects key by key (SQL). */
const addByMethod = (a: string, b: string) =>
  `(SELECT COALESCE(jsonb_object_agg(k, v), '{}'::jsonb)
      FROM (SELECT key AS k, sum(value::bigint) AS v
              FROM (SELECT * FROM jsonb_each_text(${a}) UNION ALL SELECT * FROM jsonb_each_text(${b})) x
             GROUP BY key) y)`;

/**
 * The shift's running sales tally (`shift_sales_tallies`), kept in the same transaction as the
 * sale, return, edit or payment that changes it: the figures a Z report or a live total can read
 * without summing every document of the shift. One row per shift, so only the shift's own
 * cashier's commands meet on it.
 */
@Injectable()
export class TallyShiftSalesHandler implements OnModuleInit {
  constructor(private readonly subscribers: DomainEventSubscribers) {}

  onModuleInit(): void {
    // a repair bill paid into a vault (no shift) is no till's sale
    this.subscribers.on('sale.completed', ({ payload: s }, tx) =>
      s.shiftId
        ? this.add(
            tx,
            s.shiftId,
            { invoices: 1, sales: s.total, cost: s.costTotal, byMethod: s.payments },
            true,
          )
        : undefined,
    );
    this.subscribers.on('sale.returned', ({ payload: r }, tx) =>
      this.add(
        tx,
        r.shiftId,
        { returns: r.total, returnedCost: r.costTotal, byMethod: negate(r.refunds) },
        true,
      ),
    );
    this.subscribers.on('sale.edited', ({ payload: e }, tx) =>
      e.shiftId
        ? this.add(
            tx,
            e.shiftId,
            {
              sales: e.after.total - e.before.total,
              cost: e.after.costTotal - e.before.costTotal,
              byMethod: [...negate(e.removed.payments), ...e.payments],
            },
            true,
          )
        : undefined,
    );
    this.subscribers.on('customer.payment.received', ({ payload: p }, tx) =>
      p.shiftId ? this.add(tx, p.shiftId, { paymentsIn: p.amount }) : undefined,
    );
    // A gift card sold or topped up at the till (issue 33 item 5): money in besides the sales.
    this.subscribers.on('giftcard.loaded', ({ payload: g }, tx) =>
      g.shiftId ? this.add(tx, g.shiftId, { paymentsIn: g.amount }) : undefined,
    );
    // An installment collected into the till (issue 30 item 7): money on account in the drawer.
    this.subscribers.on('installment.money', ({ payload: p }, tx) =>
      p.shiftId && p.kind === 'collect'
        ? this.add(tx, p.shiftId, { paymentsIn: p.amount })
        : undefined,
    );
  }

  /**
   * Queued for the command's final statement (no round trip of its own); one delta per command.
   * With `live`, the shift's new running totals go out as a `shift.totals` event: the tally as the
   * statement found it plus this delta (no sum over the shift's documents, which grows with it).
   */
  private add(tx: CommandTransaction, shiftId: string, d: Delta, live = false): void {
    const byMethod = JSON.stringify(byMethodObject(d.byMethod));
    tx.write((bind) => {
      const v = [
        shiftId,
        d.invoices ?? 0,
        d.sales ?? 0,
        d.returns ?? 0,
        d.cost ?? 0,
        d.returnedCost ?? 0,
        d.paymentsIn ?? 0,
        byMethod,
      ].map(bind);
      return `INSERT INTO shift_sales_tallies AS t (shift_id, invoice_count, sales, returns, cost, returned_cost, payments_in, by_method)
         VALUES (${v[0]}::uuid, ${v[1]}::int, ${v[2]}::bigint, ${v[3]}::bigint, ${v[4]}::bigint, ${v[5]}::bigint, ${v[6]}::bigint, ${v[7]}::jsonb)
         ON CONFLICT (shift_id) DO UPDATE SET
           invoice_count = t.invoice_count + EXCLUDED.invoice_count, sales = t.sales + EXCLUDED.sales,
           returns = t.returns + EXCLUDED.returns, cost = t.cost + EXCLUDED.cost,
           returned_cost = t.returned_cost + EXCLUDED.returned_cost, payments_in = t.payments_in + EXCLUDED.payments_in,
           by_method = ${addByMethod('t.by_method', 'EXCLUDED.by_method')},
           updated_at = now()`;
    });
    if (!live) return;
    // See LiveEventMap['shift.totals'].
    tx.derive((bind) => {
      const id = bind(shiftId);
      const delta = bind(byMethod);
      const total = `${addByMethod(`COALESCE(t.by_method, '{}'::jsonb)`, `${delta}::jsonb`)}`;
      return `SELECT s.branch_id, 'shift.totals'::text AS type, jsonb_build_object(
          'shiftId', s.id, 'cashierId', s.cashier_id, 'cashierName', u.display_name,
          'totals', jsonb_build_object(
            'sales', COALESCE(t.sales, 0) + ${bind(d.sales ?? 0)}::bigint,
            'returns', COALESCE(t.returns, 0) + ${bind(d.returns ?? 0)}::bigint,
            'invoiceCount', COALESCE(t.invoice_count, 0) + ${bind(d.invoices ?? 0)}::int,
            'byMethod', (SELECT COALESCE(jsonb_agg(jsonb_build_object('methodId', m.key::uuid, 'amount', m.value::bigint) ORDER BY m.key), '[]'::jsonb)
                           FROM jsonb_each_text(${total}) m))) AS payload
        FROM shifts s JOIN users u ON u.id = s.cashier_id
        LEFT JOIN shift_sales_tallies t ON t.shift_id = s.id
       WHERE s.id = ${id}::uuid`;
    });
  }
}
