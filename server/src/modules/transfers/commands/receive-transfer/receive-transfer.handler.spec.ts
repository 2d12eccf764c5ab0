import {
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import type { StockLedger } from '../../../inventory';
import { ReceiveTransferCommand } from './receive-transfer.command';
import { ReceiveTransferHandler } from './receive-transfer.handler';

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

describe('ReceiveTransferHandler', () => {
  it('moves the received quantities into the destination and notes a shortfall', async () => {
    const { runner, ledger } = setup('shipped');
    await new ReceiveTransferHandler(runner, ledger).execute(
      new ReceiveTransferCommand(
        't-1',
        { lines: [{ lineId: 'l-1', receivedQuantity: 2, reason: 'broken' }] },
        destination,
        testMeta,
      ),
    );
    expect(ledger.apply.mock.calls[0][1]).toEqual([
      expect.objectContaining({ inventoryId: 'i-2', quantity: '2.000', reason: 'transfer_in' }),
    ]);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'transfer.receive',
      after: { state: 'partially_received' },
    });
  });

  it('needs a reason for a difference and knows only its own lines', async () => {
    const a = setup('shipped');
    expect(
      await code(
        new ReceiveTransferHandler(a.runner, a.ledger).execute(
          new ReceiveTransferCommand(
            't-1',
            { lines: [{ lineId: 'l-1', receivedQuantity: 2 }] },
            destination,
            testMeta,
          ),
        ),
      ),
    ).toBe('TRANSFER_REASON_REQUIRED');
    const b = setup('shipped');
    expect(
      await code(
        new ReceiveTransferHandler(b.runner, b.ledger).execute(
          new ReceiveTransferCommand(
            't-1',
            { lines: [{ lineId: 'l-9', receivedQuantity: 3 }] },
            destination,
            testMeta,
          ),
        ),
      ),
    ).toBe('TRANSFER_LINE_UNKNOWN');
  });

  it("is the destination branch's step", async () => {
    const { runner, ledger } = setup('shipped');
    expect(
      await code(
        new ReceiveTransferHandler(runner, ledger).execute(
          new ReceiveTransferCommand('t-1', { lines: [] }, source, testMeta),
        ),
      ),
    ).toBe('TRANSFER_NOT_DESTINATION');
  });
});
