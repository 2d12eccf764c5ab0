import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainEventSubscribers, type CommandTransaction } from '../../../core/cqrs';

type Delta = {
  invoices?: number;
  sales?: number;
  returns?: number;
  cost?: number;
  returnedCost?: number;
  paymentsIn?: number;
};

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
    this.subscribers.on('sale.completed', ({ payload: s }, tx) =>
      this.add(tx, s.shiftId, { invoices: 1, sales: s.total, cost: s.costTotal }),
    );
    this.subscribers.on('sale.returned', ({ payload: r }, tx) =>
      this.add(tx, r.shiftId, { returns: r.total, returnedCost: r.costTotal }),
    );
    this.subscribers.on('sale.edited', ({ payload: e }, tx) =>
      e.shiftId
        ? this.add(tx, e.shiftId, {
            sales: e.after.total - e.before.total,
            cost: e.after.costTotal - e.before.costTotal,
          })
        : undefined,
    );
    this.subscribers.on('customer.payment.received', ({ payload: p }, tx) =>
      p.shiftId ? this.add(tx, p.shiftId, { paymentsIn: p.amount }) : undefined,
    );
  }

  /** Queued for the command's final statement (no round trip of its own); one delta per command. */
  private add(tx: CommandTransaction, shiftId: string, d: Delta): void {
    tx.write((bind) => {
      const v = [
        shiftId,
        d.invoices ?? 0,
        d.sales ?? 0,
        d.returns ?? 0,
        d.cost ?? 0,
        d.returnedCost ?? 0,
        d.paymentsIn ?? 0,
      ].map(bind);
      return `INSERT INTO shift_sales_tallies AS t (shift_id, invoice_count, sales, returns, cost, returned_cost, payments_in)
         VALUES (${v[0]}::uuid, ${v[1]}::int, ${v[2]}::bigint, ${v[3]}::bigint, ${v[4]}::bigint, ${v[5]}::bigint, ${v[6]}::bigint)
         ON CONFLICT (shift_id) DO UPDATE SET
           invoice_count = t.invoice_count + EXCLUDED.invoice_count, sales = t.sales + EXCLUDED.sales,
           returns = t.returns + EXCLUDED.returns, cost = t.cost + EXCLUDED.cost,
           returned_cost = t.returned_cost + EXCLUDED.returned_cost, payments_in = t.payments_in + EXCLUDED.payments_in,
           updated_at = now()`;
    });
  }
}
