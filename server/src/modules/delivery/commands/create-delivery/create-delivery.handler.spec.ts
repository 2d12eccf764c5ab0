import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { CreateDeliveryCommand } from './create-delivery.command';
import { CreateDeliveryHandler } from './create-delivery.handler';

const dto = {
  id: 'd-1',
  saleId: 's-1',
  address: ' شارع النصر 5 ',
  phone: '01001234567',
  area: 'المعادي',
  fee: 1500,
};
const run = (sale: Record<string, unknown> | null, seen: Record<string, unknown> | null = null) => {
  const m = fakeManager([
    [
      /FROM sales_invoices WHERE id = \$1 FOR UPDATE/,
      sale
        ? [
            {
              id: 's-1',
              number: 'B01-R01-000009',
              branch_id: 'b-1',
              status: 'completed',
              due_amount: '6000',
              ...sale,
            },
          ]
        : [],
    ],
    [/FROM delivery_orders WHERE id = \$1 OR sale_id/, seen ? [seen] : []],
    [/FROM branches/, [{ code: 'B01' }]],
    [/document_sequences/, [{ last: 1 }]],
  ]);
  const runner = fakeRunner(m);
  const result = new CreateDeliveryHandler(runner).execute(
    new CreateDeliveryCommand(dto, testUser(), testMeta),
  );
  return { m, runner, result };
};

describe('CreateDeliveryHandler', () => {
  it('opens a pending order whose cash on delivery is the invoice due plus the fee', async () => {
    const { m, runner, result } = run({});
    expect(await result).toEqual({ id: 'd-1', created: true });
    const insert = m.calls.find((c) => /INSERT INTO delivery_orders/.test(c.sql));
    expect(insert?.params).toEqual(
      expect.arrayContaining(['d-1', 's-1', 'b-1', 'شارع النصر 5', 1500, 7500]),
    );
    expect(m.calls.some((c) => /INSERT INTO delivery_events/.test(c.sql))).toBe(true);
    expect(runner.tx!.events.map((e) => e.type)).toEqual(['delivery.changed']);
  });

  it("refuses another branch's invoice, a returned one and a second order", async () => {
    expect(await errorCode(run({ branch_id: 'b-2' }).result)).toBe('NOT_FOUND');
    expect(await errorCode(run(null).result)).toBe('NOT_FOUND');
    expect(await errorCode(run({ status: 'returned' }).result)).toBe('DELIVERY_SALE_INVALID');
    const dup = run({}, { id: 'd-0', number: 'B01-DL-000001', sale_id: 's-1' });
    expect(await errorCode(dup.result)).toBe('DELIVERY_ALREADY_EXISTS');
    expect(dup.m.calls.some((c) => /INSERT/.test(c.sql))).toBe(false);
  });

  it('answers a retry with the same order', async () => {
    const again = run({}, { id: 'd-1', number: 'B01-DL-000001', sale_id: 's-1' });
    expect(await again.result).toEqual({ id: 'd-1', created: false });
  });
});
