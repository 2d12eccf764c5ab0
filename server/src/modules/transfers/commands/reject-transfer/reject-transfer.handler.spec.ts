import {
  errorCode,
  fakeManager,
  fakeRunner,
  type QueryStub,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { RejectTransferCommand } from './reject-transfer.command';
import { RejectTransferHandler } from './reject-transfer.handler';

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
  return { m, runner: fakeRunner(m) };
}
const source = testUser({ branchId: 'b-1', permissions: ['can_transfer_products'] });
const destination = testUser({ branchId: 'b-2', permissions: ['can_transfer_products'] });

describe('RejectTransferHandler', () => {
  it('moves a request to rejected with its event', async () => {
    const { runner } = setup('requested');
    await new RejectTransferHandler(runner).execute(
      new RejectTransferCommand('t-1', { note: 'no' }, source, testMeta),
    );
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'transfer.reject',
      after: { state: 'rejected' },
    });
    expect(runner.tx!.events[0]).toMatchObject({
      branchId: 'b-1',
      payload: { state: 'rejected', valueAtCost: 300 },
    });
  });

  it("is the source branch's step, from requested only", async () => {
    expect(
      await errorCode(
        new RejectTransferHandler(setup('requested').runner).execute(
          new RejectTransferCommand('t-1', {}, destination, testMeta),
        ),
      ),
    ).toBe('TRANSFER_NOT_SOURCE');
    expect(
      await errorCode(
        new RejectTransferHandler(setup('approved').runner).execute(
          new RejectTransferCommand('t-1', {}, source, testMeta),
        ),
      ),
    ).toBe('TRANSFER_ILLEGAL_TRANSITION');
  });
});
