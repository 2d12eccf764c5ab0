import {
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import type { StockLedger } from '../../../inventory';
import { ApproveTransferCommand } from './approve-transfer.command';
import { ApproveTransferHandler } from './approve-transfer.handler';

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

describe('ApproveTransferHandler', () => {
  it('reserves the lines at the source and moves to approved', async () => {
    const { runner, ledger } = setup('requested', [
      [/AS available/, [{ available: '5', allow_negative: false }]],
    ]);
    await new ApproveTransferHandler(runner, ledger).execute(
      new ApproveTransferCommand('t-1', {}, source, testMeta),
    );
    expect(ledger.reserve).toHaveBeenCalledWith(expect.anything(), 'v-1', 'i-1', '3.000');
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'transfer.approve',
      after: { state: 'approved' },
    });
  });

  it('refuses more than is available at the source', async () => {
    const { runner, ledger } = setup('requested', [
      [/AS available/, [{ available: '2', allow_negative: false }]],
    ]);
    expect(
      await code(
        new ApproveTransferHandler(runner, ledger).execute(
          new ApproveTransferCommand('t-1', {}, source, testMeta),
        ),
      ),
    ).toBe('INSUFFICIENT_STOCK');
  });

  it("is the source branch's step, from requested only", async () => {
    const a = setup('requested');
    expect(
      await code(
        new ApproveTransferHandler(a.runner, a.ledger).execute(
          new ApproveTransferCommand('t-1', {}, destination, testMeta),
        ),
      ),
    ).toBe('TRANSFER_NOT_SOURCE');
    const b = setup('draft');
    expect(
      await code(
        new ApproveTransferHandler(b.runner, b.ledger).execute(
          new ApproveTransferCommand('t-1', {}, source, testMeta),
        ),
      ),
    ).toBe('TRANSFER_ILLEGAL_TRANSITION');
  });
});
