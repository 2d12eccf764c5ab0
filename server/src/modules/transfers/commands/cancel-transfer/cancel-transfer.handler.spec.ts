import {
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import type { StockLedger } from '../../../inventory';
import { CancelTransferCommand } from './cancel-transfer.command';
import { CancelTransferHandler } from './cancel-transfer.handler';

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

describe('CancelTransferHandler', () => {
  it('releases the reservation only when the request was approved', async () => {
    const a = setup('approved');
    await new CancelTransferHandler(a.runner, a.ledger).execute(
      new CancelTransferCommand('t-1', {}, destination, testMeta),
    );
    expect(a.ledger.reserve).toHaveBeenCalledWith(expect.anything(), 'v-1', 'i-1', '-3.000');
    expect(a.runner.tx!.audits[0]).toMatchObject({
      action: 'transfer.cancel',
      after: { state: 'cancelled' },
    });
    const b = setup('requested');
    await new CancelTransferHandler(b.runner, b.ledger).execute(
      new CancelTransferCommand('t-1', {}, source, testMeta),
    );
    expect(b.ledger.reserve).not.toHaveBeenCalled();
  });

  it('cannot cancel a shipped request', async () => {
    const { runner, ledger } = setup('shipped');
    expect(
      await code(
        new CancelTransferHandler(runner, ledger).execute(
          new CancelTransferCommand('t-1', {}, source, testMeta),
        ),
      ),
    ).toBe('TRANSFER_ILLEGAL_TRANSITION');
  });
});
