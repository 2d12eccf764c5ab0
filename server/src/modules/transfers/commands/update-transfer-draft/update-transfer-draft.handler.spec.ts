import {
  errorCode,
  fakeManager,
  fakeRunner,
  type QueryStub,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { UpdateTransferDraftCommand } from './update-transfer-draft.command';
import { UpdateTransferDraftHandler } from './update-transfer-draft.handler';

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

describe('UpdateTransferDraftHandler', () => {
  it('replaces the lines of a draft and audits the edit', async () => {
    const { m, runner } = setup('draft', [
      [
        /SELECT v.id, p.unit, p.name_ar FROM variants/,
        [{ id: 'v-1', unit: 'piece', name_ar: 'صنف' }],
      ],
    ]);
    await new UpdateTransferDraftHandler(runner).execute(
      new UpdateTransferDraftCommand(
        't-1',
        { lines: [{ variantId: 'v-1', quantity: 2 }], note: 'x' },
        source,
        testMeta,
      ),
    );
    expect(m.calls.some((c) => /DELETE FROM transfer_request_lines/.test(c.sql))).toBe(true);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'transfer.edit',
      entityId: 't-1',
      after: { note: 'x' },
    });
    expect(runner.tx!.events).toEqual([]);
  });

  it('edits drafts only', async () => {
    expect(
      await errorCode(
        new UpdateTransferDraftHandler(setup('requested').runner).execute(
          new UpdateTransferDraftCommand('t-1', { note: 'x' }, source, testMeta),
        ),
      ),
    ).toBe('TRANSFER_ILLEGAL_TRANSITION');
  });
});
