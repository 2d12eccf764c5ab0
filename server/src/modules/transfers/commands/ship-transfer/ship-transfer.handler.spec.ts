import {
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import type { StockLedger } from '../../../inventory';
import { ShipTransferCommand } from './ship-transfer.command';
import { ShipTransferHandler } from './ship-transfer.handler';

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: string }) => e.code,
  );
const row = (state: string) => ({
  id: 't-1',
  number: 'B1-TR-000001',
  state,
  from_inventory_id: 'i-1',
  to_inventory_id: 'i-2',
  from_branch_id: 'b-1',
  to_branch_id: 'b-2',
  note: null,
});
const line = {
  id: 'l-1',
  line_no: 1,
  variant_id: 'v-1',
  quantity: '3.000',
  shipped_quantity: '3.000',
  received_quantity: null,
  unit_cost: '100',
};
function setup(state: string, more: QueryStub[] = []) {
  const m = fakeManager([
    [/FROM transfer_requests WHERE id = \$1 FOR UPDATE/, [row(state)]],
    [/FROM transfer_request_lines WHERE transfer_id = \$1 ORDER BY variant_id/, [line]],
    [/AS value/, [{ value: '300' }]],
    ...more,
  ]);
  const ledger = {
    apply: jest.fn(async () => []),
    reserve: jest.fn(async () => undefined),
  } as unknown as StockLedger & { apply: jest.Mock; reserve: jest.Mock };
  return { m, runner: fakeRunner(m), ledger };
}
const source = testUser({ branchId: 'b-1', permissions: ['can_transfer_products'] });
const destination = testUser({ branchId: 'b-2', permissions: ['can_transfer_products'] });

describe('ShipTransferHandler', () => {
  it('turns the reservation into a movement out at the current average cost', async () => {
    const { runner, ledger } = setup('approved', [
      [/avg_cost::text FROM variants/, [{ id: 'v-1', avg_cost: '120' }]],
    ]);
    await new ShipTransferHandler(runner, ledger).execute(
      new ShipTransferCommand('t-1', {}, source, testMeta),
    );
    expect(ledger.reserve).toHaveBeenCalledWith(expect.anything(), 'v-1', 'i-1', '-3.000');
    expect(ledger.apply.mock.calls[0][1]).toEqual([
      expect.objectContaining({
        inventoryId: 'i-1',
        quantity: '-3.000',
        unitCost: 120,
        reason: 'transfer_out',
      }),
    ]);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'transfer.ship',
      after: { state: 'shipped' },
    });
  });

  it('ships only an approved request, from the source', async () => {
    const a = setup('requested');
    expect(
      await code(
        new ShipTransferHandler(a.runner, a.ledger).execute(
          new ShipTransferCommand('t-1', {}, source, testMeta),
        ),
      ),
    ).toBe('TRANSFER_ILLEGAL_TRANSITION');
    const b = setup('approved');
    expect(
      await code(
        new ShipTransferHandler(b.runner, b.ledger).execute(
          new ShipTransferCommand('t-1', {}, destination, testMeta),
        ),
      ),
    ).toBe('TRANSFER_NOT_SOURCE');
  });
});
