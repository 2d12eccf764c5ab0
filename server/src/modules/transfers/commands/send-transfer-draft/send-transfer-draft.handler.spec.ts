import {
  errorCode,
  fakeManager,
  fakeRunner,
  type QueryStub,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { SendTransferDraftCommand } from './send-transfer-draft.command';
import { SendTransferDraftHandler } from './send-transfer-draft.handler';

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

describe('SendTransferDraftHandler', () => {
  it('sends a draft as a request', async () => {
    const { runner } = setup('draft');
    await new SendTransferDraftHandler(runner).execute(
      new SendTransferDraftCommand('t-1', {}, destination, testMeta),
    );
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'transfer.request',
      before: { state: 'draft' },
      after: { state: 'requested' },
    });
  });

  it('refuses a request that is no longer a draft, and a branch not involved', async () => {
    expect(
      await errorCode(
        new SendTransferDraftHandler(setup('requested').runner).execute(
          new SendTransferDraftCommand('t-1', {}, source, testMeta),
        ),
      ),
    ).toBe('TRANSFER_ILLEGAL_TRANSITION');
    const other = testUser({
      branchId: 'b-3',
      permissions: ['can_transfer_products', 'can_see_branches'],
    });
    expect(
      await errorCode(
        new SendTransferDraftHandler(setup('draft').runner).execute(
          new SendTransferDraftCommand('t-1', {}, other, testMeta),
        ),
      ),
    ).toBe('TRANSFER_NOT_INVOLVED');
  });
});
