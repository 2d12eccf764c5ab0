import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainEventSubscribers } from '../../../core/cqrs';

/**
 * A sale sold on «تقسيط» (issue 30 item 7): recorded, in the sale's transaction, as awaiting its
 * plan. Made at once at the till, the plan takes it off the list; postponed, /Installments lists
 * it with the action that makes it.
 */
@Injectable()
export class AwaitPlanOnSaleHandler implements OnModuleInit {
  constructor(private readonly subscribers: DomainEventSubscribers) {}

  onModuleInit(): void {
    this.subscribers.on('sale.completed', async ({ payload: s }, tx) => {
      if (!s.installment || !s.customerId || s.dueAmount <= 0) return;
      await tx.m.query(
        `INSERT INTO installment_awaiting_plans (sale_id, branch_id, customer_id) VALUES ($1, $2, $3)
         ON CONFLICT (sale_id) DO NOTHING`,
        [s.saleId, s.branchId, s.customerId],
      );
    });
  }
}
