import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainEventSubscribers } from '../../../core/cqrs';

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
    this.subscribers.on('sale.completed', ({ payload: s }, { m }) =>
      this.add(m, s.shiftId, { invoices: 1, sales: s.total, cost: s.costTotal }),
    );
    this.subscribers.on('sale.returned', ({ payload: r }, { m }) =>
      this.add(m, r.shiftId, { returns: r.total, returnedCost: r.costTotal }),
    );
    this.subscribers.on('sale.edited', ({ payload: e }, { m }) =>
      e.shiftId
        ? this.add(m, e.shiftId, {
            sales: e.after.total - e.before.total,
            cost: e.after.costTotal - e.before.costTotal,
          })
        : undefined,
    );
    this.subscribers.on('customer.payment.received', ({ payload: p }, { m }) =>
      p.shiftId ? this.add(m, p.shiftId, { paymentsIn: p.amount }) : undefined,
    );
  }

  private async add(m: EntityManager, shiftId: string, d: Delta): Promise<void> {
    await m.query(
      `INSERT INTO shift_sales_tallies AS t (shift_id, invoice_count, sales, returns, cost, returned_cost, payments_in)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (shift_id) DO UPDATE SET
         invoice_count = t.invoice_count + EXCLUDED.invoice_count, sales = t.sales + EXCLUDED.sales,
         returns = t.returns + EXCLUDED.returns, cost = t.cost + EXCLUDED.cost,
         returned_cost = t.returned_cost + EXCLUDED.returned_cost, payments_in = t.payments_in + EXCLUDED.payments_in,
         updated_at = now()`,
      [
        shiftId,
        d.invoices ?? 0,
        d.sales ?? 0,
        d.returns ?? 0,
        d.cost ?? 0,
        d.returnedCost ?? 0,
        d.paymentsIn ?? 0,
      ],
    );
  }
}
