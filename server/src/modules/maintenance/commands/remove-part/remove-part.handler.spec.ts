import { DomainEventSubscribers } from '../../../../core/cqrs';
import { errorCode, fakeRunner, testMeta, testUser } from '../../../../core/cqrs/testing';
import type { StockLedger } from '../../../inventory';
import { ticketManager, ticketRow } from '../spec-fixture';
import { RemovePartCommand } from './remove-part.command';
import { RemovePartHandler } from './remove-part.handler';

const change = {
  variantId: 'var-1',
  inventoryId: 'inv-1',
  branchId: 'b-1',
  before: 8,
  onHand: 10,
  reserved: 0,
  lowStockThreshold: 0,
  crossedIntoLow: false,
  crossedOutOfLow: false,
  avgCost: 650,
};

const part = {
  id: 'p-1',
  variant_id: 'var-1',
  inventory_id: 'inv-1',
  quantity: '2.000',
  unit_price: '1500',
  unit_cost: '600',
};

const run = (ticket: Record<string, unknown>, parts: object[] = [part]) => {
  const m = ticketManager(ticket, [[/FROM maintenance_parts WHERE id = \$1/, parts]]);
  const ledger = { apply: jest.fn(async () => [change]) };
  const runner = fakeRunner(m, new DomainEventSubscribers());
  const result = new RemovePartHandler(runner, ledger as unknown as StockLedger).execute(
    new RemovePartCommand('t-1', 'p-1', testUser(), testMeta),
  );
  return { m, runner, ledger, result };
};

describe('RemovePartHandler', () => {
  it('brings the part back into its inventory and takes its price off the bill', async () => {
    const { m, runner, ledger, result } = run(
      ticketRow({ status: 'in_repair', parts_total: '3000' }),
    );
    expect(await result).toEqual({ id: 't-1', partsTotal: 0 });
    expect(ledger.apply).toHaveBeenCalledWith(m, [
      expect.objectContaining({
        variantId: 'var-1',
        inventoryId: 'inv-1',
        quantity: '2.000',
        reason: 'repair',
        referenceId: 't-1',
      }),
    ]);
    expect(m.calls.some((c) => /UPDATE maintenance_parts SET removed_at/.test(c.sql))).toBe(true);
    // the cost it was used at (2 × 6) comes back; the stock rose by 2 × 6.50 today
    expect(runner.tx!.raised[0]).toMatchObject({
      type: 'maintenance.parts.returned',
      payload: { cost: 1200, values: [{ branchId: 'b-1', increase: 1300, decrease: 0 }] },
    });
  });

  it('refuses a delivered ticket (409) and an unknown or removed part (404), writing nothing', async () => {
    const delivered = run(ticketRow({ status: 'delivered', parts_total: '3000' }));
    expect(await errorCode(delivered.result)).toBe('MAINTENANCE_NOT_WORKABLE');
    const gone = run(ticketRow({ status: 'in_repair', parts_total: '3000' }), []);
    expect(await errorCode(gone.result)).toBe('NOT_FOUND');
    for (const r of [delivered, gone]) {
      expect(r.ledger.apply).not.toHaveBeenCalled();
      expect(r.m.calls.some((c) => /^\s*(INSERT|UPDATE)/.test(c.sql))).toBe(false);
    }
  });
});
