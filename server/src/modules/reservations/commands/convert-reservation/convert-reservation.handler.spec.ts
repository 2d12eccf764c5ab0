import { errorCode, fakeRunner, testMeta, testUser } from '../../../../core/cqrs/testing';
import type { SaleWriter } from '../../../sales';
import { fakeLedger, reservationManager } from '../../spec-fixture';
import { ConvertReservationCommand } from './convert-reservation.command';
import { ConvertReservationHandler } from './convert-reservation.handler';

const convert = (due: number, over: Record<string, unknown> = {}) => {
  const m = reservationManager(over, {}, [
    [/SELECT due_amount FROM sales_invoices/, [{ due_amount: String(due) }]],
  ]);
  const { ledger, calls } = fakeLedger();
  const sold: unknown[] = [];
  const sales = {
    writeSale: async (command: unknown) => {
      sold.push(command);
      return { invoiceId: 's-1', created: true };
    },
  } as unknown as SaleWriter;
  const runner = fakeRunner(m);
  const result = new ConvertReservationHandler(runner, ledger, sales).execute(
    new ConvertReservationCommand(
      'r-1',
      { saleId: 's-1', payments: [{ methodId: 'cash', amount: 17000 }] },
      testUser(),
      testMeta,
    ),
  );
  return { m, runner, calls, sold, result };
};

describe('ConvertReservationHandler', () => {
  it('releases the stock, applies the deposit and sells the lines to the customer in one go', async () => {
    const { m, runner, calls, sold, result } = convert(3000);
    expect(await result).toEqual({ id: 'r-1', saleId: 's-1' });
    expect(calls).toEqual([['v-1', 'inv-1', '-2.000']]);
    expect(m.calls.find((c) => /INSERT INTO customer_ledger/.test(c.sql))?.params).toEqual(
      expect.arrayContaining(['c-1', 'payment', -3000, 'reservation', 'r-1']),
    );
    expect(sold[0]).toMatchObject({
      dto: {
        id: 's-1',
        customerId: 'c-1',
        inventoryId: 'inv-1',
        lines: [{ variantId: 'v-1', quantity: 2 }],
        payments: [{ methodId: 'cash', amount: 17000 }],
      },
    });
    expect(runner.tx!.raised.map((e) => e.type)).toEqual(['reservation.converted']);
  });

  it('refuses a sale that leaves more unpaid than the deposit', async () => {
    expect(await errorCode(convert(3001).result)).toBe('RESERVATION_UNDERPAID');
  });

  it('refuses a reservation that is no longer active (409) before selling anything', async () => {
    const { sold, result } = convert(0, { status: 'expired' });
    expect(await errorCode(result)).toBe('RESERVATION_ILLEGAL_TRANSITION');
    expect(sold).toEqual([]);
  });
});
