import { DomainEventSubscribers } from '../../../../core/cqrs';
import { errorCode, fakeRunner, testMeta, testUser } from '../../../../core/cqrs/testing';
import type { StockLedger } from '../../../inventory';
import { ticketManager, ticketRow } from '../spec-fixture';
import { AddPartsCommand } from './add-parts.command';
import { AddPartsHandler } from './add-parts.handler';

const change = {
  variantId: 'var-1',
  inventoryId: 'inv-1',
  branchId: 'b-1',
  before: 10,
  onHand: 8,
  reserved: 0,
  lowStockThreshold: 0,
  crossedIntoLow: false,
  crossedOutOfLow: false,
  avgCost: 600,
};

const run = (
  ticket: Record<string, unknown>,
  parts: object[],
  tracking: 'none' | 'serial' = 'none',
) => {
  const m = ticketManager(ticket, [
    [/FROM inventories WHERE branch_id/, [{ id: 'inv-1' }]],
    [/SELECT id, sell_price FROM variants/, [{ id: 'var-1', sell_price: '1500' }]],
    [
      /p\.tracking, p\.imei_count/,
      [{ variant_id: 'var-1', tracking, imei_count: 0, name: 'شاشة' }],
    ],
  ]);
  const ledger = { apply: jest.fn(async () => [change]) };
  const runner = fakeRunner(m, new DomainEventSubscribers());
  const result = new AddPartsHandler(runner, ledger as unknown as StockLedger).execute(
    new AddPartsCommand('t-1', { parts } as never, testUser(), testMeta),
  );
  return { m, runner, ledger, result };
};

describe('AddPartsHandler', () => {
  it('takes the parts out of stock through the ledger and values them at average cost', async () => {
    const { m, runner, ledger, result } = run(ticketRow({ status: 'in_repair', labour: '500' }), [
      { variantId: 'var-1', quantity: 2 },
    ]);
    expect(await result).toEqual({ id: 't-1', partsTotal: 3000 });
    expect(ledger.apply).toHaveBeenCalledWith(m, [
      expect.objectContaining({
        variantId: 'var-1',
        inventoryId: 'inv-1',
        quantity: -2,
        reason: 'repair',
        referenceType: 'maintenance',
        referenceId: 't-1',
      }),
    ]);
    const part = m.calls.find((c) => /INSERT INTO maintenance_parts/.test(c.sql));
    expect(part?.params).toEqual(expect.arrayContaining(['t-1', 'var-1', 'inv-1', 2, 1500, 600]));
    expect(runner.tx!.raised[0]).toMatchObject({
      type: 'maintenance.parts.used',
      payload: { values: [{ branchId: 'b-1', increase: 0, decrease: 1200 }] },
    });
  });

  it('refuses parts on a ticket not being worked on, before the stock moves', async () => {
    const { ledger, result } = run(ticketRow({ status: 'ready' }), [
      { variantId: 'var-1', quantity: 1 },
    ]);
    expect(await errorCode(result)).toBe('MAINTENANCE_NOT_WORKABLE');
    expect(ledger.apply).not.toHaveBeenCalled();
  });

  it('refuses a serial-tracked part without its serials, naming the part, before the stock moves', async () => {
    const { ledger, result } = run(
      ticketRow({ status: 'in_repair' }),
      [{ variantId: 'var-1', quantity: 1 }],
      'serial',
    );
    expect(await errorCode(result)).toBe('VALIDATION_FAILED');
    expect(ledger.apply).not.toHaveBeenCalled();
  });

  it('refuses a bill over the document limit', async () => {
    const { ledger, result } = run(ticketRow({ status: 'in_repair', labour: '999999999' }), [
      { variantId: 'var-1', quantity: 1 },
    ]);
    expect(await errorCode(result)).toBe('MAINTENANCE_TOTAL_LIMIT');
    expect(ledger.apply).not.toHaveBeenCalled();
  });
});
