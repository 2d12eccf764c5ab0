import type { EntityManager } from 'typeorm';
import type { DomainEventMap } from '@pos/contracts';
import { CommandTransaction, DomainEventSubscribers } from '../../../core/cqrs';
import type { RequestMeta } from '../../../core/auth/decorators';
import { TallyShiftSalesHandler } from './on-sale-events.tally-shift.handler';

function setUp() {
  const subscribers = new DomainEventSubscribers();
  new TallyShiftSalesHandler(subscribers).onModuleInit();
  const tx = new CommandTransaction({} as EntityManager, {} as RequestMeta, (event, t) =>
    subscribers.dispatch(event, t),
  );
  /** The SQL and the values of a queued write or derived event. */
  const render = (sql: (bind: (v: unknown) => string) => string) => {
    const values: unknown[] = [];
    const text = sql((v) => `$${values.push(v)}`);
    return { text, values };
  };
  return { tx, render };
}

describe('TallyShiftSalesHandler (the shift tally and its live totals)', () => {
  it('adds a sale with its payments by method and sends the totals as tally + this sale', async () => {
    const { tx, render } = setUp();
    await tx.raise('sale.completed', {
      shiftId: 'shift-1',
      total: 9500,
      costTotal: 5000,
      payments: [
        { methodId: 'cash', methodName: 'نقدي', type: 'cash', amount: 5000 },
        { methodId: 'card', methodName: 'بطاقة', type: 'card', amount: 3000 },
        { methodId: 'cash', methodName: 'نقدي', type: 'cash', amount: 1500 },
      ],
    } as unknown as DomainEventMap['sale.completed']);
    expect(tx.writes).toHaveLength(1);
    const write = render(tx.writes[0]);
    expect(write.values).toEqual([
      'shift-1',
      1,
      9500,
      0,
      5000,
      0,
      0,
      JSON.stringify({ cash: 6500, card: 3000 }),
    ]);
    expect(write.text).toMatch(/by_method = /);
    expect(tx.derived).toHaveLength(1);
    const live = render(tx.derived[0]);
    expect(live.text).toMatch(/'shift\.totals'/);
    expect(live.values).toEqual([
      'shift-1',
      JSON.stringify({ cash: 6500, card: 3000 }),
      9500,
      0,
      1,
    ]);
  });

  it('takes a return’s refunds off by method; an edit swaps the removed payments for the new', async () => {
    const { tx, render } = setUp();
    await tx.raise('sale.returned', {
      shiftId: 'shift-1',
      total: 2000,
      costTotal: 1200,
      refunds: [{ methodId: 'cash', amount: 2000 }],
    } as unknown as DomainEventMap['sale.returned']);
    await tx.raise('sale.edited', {
      shiftId: 'shift-1',
      before: { total: 4000, costTotal: 2400 },
      after: { total: 7000, costTotal: 4200 },
      payments: [{ methodId: 'card', amount: 7000 }],
      removed: { payments: [{ methodId: 'cash', amount: 4000 }] },
    } as unknown as DomainEventMap['sale.edited']);
    const [ret, edit] = tx.writes.map(render);
    expect(ret.values[3]).toBe(2000);
    expect(ret.values[7]).toBe(JSON.stringify({ cash: -2000 }));
    expect(edit.values[2]).toBe(3000);
    expect(edit.values[7]).toBe(JSON.stringify({ cash: -4000, card: 7000 }));
    expect(tx.derived).toHaveLength(2);
  });

  it('keeps a customer payment in the tally without a live totals event', async () => {
    const { tx } = setUp();
    await tx.raise('customer.payment.received', {
      shiftId: 'shift-1',
      amount: 1500,
    } as unknown as DomainEventMap['customer.payment.received']);
    expect(tx.writes).toHaveLength(1);
    expect(tx.derived).toHaveLength(0);
  });
});
