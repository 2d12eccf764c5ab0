import { CommandTransaction } from '../cqrs/command-transaction';
import { DomainEventSubscribers } from '../cqrs/domain-event-subscribers';
import { fakeManager, testMeta } from '../cqrs/testing';
import { LiveProjection } from './live-projection';

function setup() {
  const subscribers = new DomainEventSubscribers();
  new LiveProjection(subscribers).onModuleInit();
  return new CommandTransaction(fakeManager([]), testMeta, (event, tx) =>
    subscribers.dispatch(event, tx),
  );
}

describe('LiveProjection', () => {
  it('derives the live sale.completed from the domain event, profit from total and cost', async () => {
    const tx = setup();
    await tx.raise('sale.completed', {
      saleId: 's-1',
      number: 'B1-R01-000001',
      branchId: 'b-1',
      inventoryId: 'i-1',
      shiftId: 'sh-1',
      cashierId: 'u-1',
      cashierName: 'A',
      customerId: null,
      itemCount: 2,
      subtotal: 2000,
      discounts: 0,
      vat: 0,
      total: 2000,
      costTotal: 1200,
      payments: [{ methodId: 'cash', methodName: 'نقدي', type: 'cash', amount: 2000 }],
      changeDue: 0,
      dueAmount: 0,
    });
    expect(tx.events).toEqual([
      {
        branchId: 'b-1',
        type: 'sale.completed',
        payload: {
          invoiceId: 's-1',
          number: 'B1-R01-000001',
          shiftId: 'sh-1',
          cashierId: 'u-1',
          cashierName: 'A',
          total: 2000,
          itemCount: 2,
          payments: [{ methodId: 'cash', methodName: 'نقدي', amount: 2000 }],
          profit: 800,
        },
      },
    ]);
  });

  it('derives shift.opened and shift.closed (totals only; the cash count stays out of the push)', async () => {
    const tx = setup();
    await tx.raise('shift.opened', {
      shiftId: 'sh-1',
      branchId: 'b-1',
      register: 1,
      cashierId: 'u-1',
      cashierName: 'A',
      openingCash: 100,
    });
    await tx.raise('shift.closed', {
      shiftId: 'sh-1',
      branchId: 'b-1',
      cashierId: 'u-1',
      cashierName: 'A',
      openingCash: 100,
      sales: 10,
      returns: 2,
      invoiceCount: 1,
      byMethod: [{ methodId: 'cash', amount: 8 }],
      countedCash: 90,
      expectedCash: 108,
      difference: -18,
    });
    expect(tx.events).toEqual([
      {
        branchId: 'b-1',
        type: 'shift.opened',
        payload: { shiftId: 'sh-1', cashierId: 'u-1', cashierName: 'A' },
      },
      {
        branchId: 'b-1',
        type: 'shift.closed',
        payload: {
          shiftId: 'sh-1',
          cashierId: 'u-1',
          cashierName: 'A',
          totals: {
            sales: 10,
            returns: 2,
            invoiceCount: 1,
            byMethod: [{ methodId: 'cash', amount: 8 }],
          },
        },
      },
    ]);
  });

  it('pushes nothing for a fact no screen shows', async () => {
    const tx = setup();
    await tx.raise('customer.payment.received', {
      paymentId: 'p',
      customerId: 'c',
      branchId: 'b-1',
      methodId: 'cash',
      amount: 1,
      shiftId: null,
      balanceAfter: 0,
    });
    expect(tx.events).toEqual([]);
  });
});
