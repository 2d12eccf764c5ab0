import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { SaleWriter } from '../../../sales';
import { StepDeliveryCommand } from './step-delivery.command';
import { StepDeliveryHandler } from './step-delivery.handler';

const orderRow = (over: Record<string, unknown> = {}) => ({
  id: 'd-1',
  number: 'B01-DL-000001',
  sale_id: 's-1',
  branch_id: 'b-1',
  status: 'pending',
  fee: '1500',
  cod_amount: '7500',
  driver_id: null,
  ...over,
});
const run = (
  over: Record<string, unknown>,
  dto: { action: string; driverId?: string },
  user: AuthUser = testUser(),
  driverExists = true,
) => {
  const m = Object.assign(
    fakeManager([
      [/FROM delivery_orders WHERE id = \$1 FOR UPDATE/, [orderRow(over)]],
      [/FROM users u JOIN roles r/, driverExists ? [{ '?column?': 1 }] : []],
      [
        /FROM sales_invoices i WHERE i.id/,
        [{ customer_id: 'c-1', cod: false, due_amount: '6000', reduced: '0' }],
      ],
      [
        /FROM customers WHERE id = \$1 FOR UPDATE/,
        [{ id: 'c-1', balance: '6000', credit_limit: '0' }],
      ],
      [/UPDATE customers SET balance/, [[{ balance: '0' }]]],
      [/FROM sale_lines/, [{ id: 'l-1', left: '2.000' }]],
    ]),
    {
      // the store's service VAT rate (the fee includes it)
      getRepository: () => ({ findOneBy: async () => ({ id: 1, serviceVatRate: 14 }) }),
    },
  );
  const returned: unknown[] = [];
  const returns = {
    writeReturn: async (c: unknown) => {
      returned.push(c);
      return { returnId: 'rt-1', created: true };
    },
  } as unknown as SaleWriter;
  const runner = fakeRunner(m);
  const result = new StepDeliveryHandler(runner, returns).execute(
    new StepDeliveryCommand('d-1', dto as never, user, testMeta),
  );
  return { m, runner, returned, result };
};
const writes = (m: { calls: { sql: string }[] }) =>
  m.calls.some((c) => /^\s*(INSERT|UPDATE)/.test(c.sql));

describe('StepDeliveryHandler', () => {
  it('assigns a driver, then dispatches', async () => {
    const a = run({}, { action: 'assign', driverId: 'drv-1' });
    expect(await a.result).toEqual({ id: 'd-1', status: 'assigned' });
    expect(a.m.calls.find((c) => /UPDATE delivery_orders/.test(c.sql))?.params).toEqual([
      'd-1',
      'assigned',
      'drv-1',
      0,
    ]);
    const d = run({ status: 'assigned', driver_id: 'drv-1' }, { action: 'dispatch' });
    expect(await d.result).toEqual({ id: 'd-1', status: 'out_for_delivery' });
  });

  it('refuses a user who is not a driver, nothing written', async () => {
    const { m, result } = run({}, { action: 'assign', driverId: 'u-9' }, testUser(), false);
    expect(await errorCode(result)).toBe('DELIVERY_DRIVER_INVALID');
    expect(writes(m)).toBe(false);
  });

  it('records the cash on delivery: the due part pays the customer, the books get it all', async () => {
    const { m, runner, result } = run(
      { status: 'out_for_delivery', driver_id: 'drv-1' },
      { action: 'deliver' },
    );
    expect(await result).toEqual({ id: 'd-1', status: 'delivered' });
    expect(m.calls.find((c) => /INSERT INTO customer_ledger/.test(c.sql))?.params).toEqual(
      expect.arrayContaining(['c-1', 'payment', -6000, 'delivery', 'd-1']),
    );
    expect(runner.tx!.raised[0]).toMatchObject({
      type: 'delivery.collected',
      // 15.00 includes 14% VAT: 15 × 14 / 114 = 1.84
      payload: { collected: 7500, due: 6000, fee: 1500, vat: 184, driverId: 'drv-1' },
    });
  });

  it('returns the sale when an order fails, only with can_return_products', async () => {
    const denied = run({ status: 'out_for_delivery', driver_id: 'drv-1' }, { action: 'fail' });
    expect(await errorCode(denied.result)).toBe('FORBIDDEN');
    expect(denied.returned).toEqual([]);
    const ok = run(
      { status: 'out_for_delivery', driver_id: 'drv-1' },
      { action: 'fail' },
      testUser({ permissions: ['can_return_products'] }),
    );
    expect(await ok.result).toEqual({ id: 'd-1', status: 'failed' });
    expect(ok.returned[0]).toMatchObject({
      invoiceId: 's-1',
      dto: { lines: [{ saleLineId: 'l-1', quantity: 2 }] },
    });
  });

  it('refuses every move the table does not allow (409), nothing written', async () => {
    const illegal: [string, string][] = [
      ['pending', 'dispatch'],
      ['pending', 'deliver'],
      ['assigned', 'deliver'],
      ['delivered', 'fail'],
      ['delivered', 'assign'],
      ['failed', 'return'],
      ['returned', 'dispatch'],
    ];
    for (const [status, action] of illegal) {
      const { m, result } = run(
        { status, driver_id: 'drv-1' },
        { action, driverId: 'drv-1' },
        testUser({ isAdmin: true }),
      );
      expect(await errorCode(result)).toBe('DELIVERY_ILLEGAL_TRANSITION');
      expect(writes(m)).toBe(false);
    }
  });
});
