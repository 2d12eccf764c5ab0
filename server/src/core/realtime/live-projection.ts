import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainEventSubscribers } from '../cqrs/domain-event-subscribers';

/**
 * The live pushes that follow from domain events, queued on the command's outbox (published after
 * the commit; who receives which part is still decided by event-policy.ts). Commands raise the
 * business fact; this is the one place that says which screen hears of it and in what shape.
 */
@Injectable()
export class LiveProjection implements OnModuleInit {
  constructor(private readonly subscribers: DomainEventSubscribers) {}

  onModuleInit(): void {
    this.subscribers.on('sale.completed', ({ payload: s }, tx) => {
      tx.push(s.branchId, 'sale.completed', {
        invoiceId: s.saleId,
        number: s.number,
        shiftId: s.shiftId,
        cashierId: s.cashierId,
        cashierName: s.cashierName,
        total: s.total,
        itemCount: s.itemCount,
        payments: s.payments.map((p) => ({
          methodId: p.methodId,
          methodName: p.methodName,
          amount: p.amount,
        })),
        profit: s.total - s.costTotal,
      });
    });
    this.subscribers.on('shift.opened', ({ payload: s }, tx) => {
      tx.push(s.branchId, 'shift.opened', {
        shiftId: s.shiftId,
        cashierId: s.cashierId,
        cashierName: s.cashierName,
      });
    });
    this.subscribers.on('shift.closed', ({ payload: s }, tx) => {
      tx.push(s.branchId, 'shift.closed', {
        shiftId: s.shiftId,
        cashierId: s.cashierId,
        cashierName: s.cashierName,
        totals: {
          sales: s.sales,
          returns: s.returns,
          invoiceCount: s.invoiceCount,
          byMethod: s.byMethod,
        },
      });
    });
  }
}
