import {
  errorCode,
  fakeManager,
  fakeRunner,
  type QueryStub,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { RequestTransferCommand } from './request-transfer.command';
import { RequestTransferHandler } from './request-transfer.handler';

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

describe('RequestTransferHandler', () => {
  const variants = [
    /SELECT v.id, p.unit, p.name_ar FROM variants/,
    [{ id: 'v-1', unit: 'piece', name_ar: 'صنف' }],
  ] as QueryStub;
  const inventories = [
    /SELECT id, branch_id FROM inventories/,
    [
      { id: 'i-1', branch_id: 'b-1' },
      { id: 'i-2', branch_id: 'b-2' },
    ],
  ] as QueryStub;
  const dto = {
    fromInventoryId: 'i-1',
    toInventoryId: 'i-2',
    lines: [
      { variantId: 'v-1', quantity: 1 },
      { variantId: 'v-1', quantity: 2 },
    ],
  };

  it('numbers the request per source branch and merges repeated variants', async () => {
    const { runner } = setup('requested', [
      inventories,
      [/code FROM branches/, [{ code: 'B1' }]],
      [/document_sequences/, [{ last: 7 }]],
      variants,
    ]);
    const { id } = await new RequestTransferHandler(runner).execute(
      new RequestTransferCommand(dto, destination, testMeta),
    );
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'transfer.create',
      entityId: id,
      after: { state: 'requested', lines: [{ variantId: 'v-1', quantity: '3.000' }] },
    });
    expect(runner.tx!.audits[0].after).toMatchObject({ number: 'B1-TR-000007' });
  });

  it('refuses the same inventory on both ends and a branch on neither', async () => {
    expect(
      await errorCode(
        new RequestTransferHandler(setup('draft').runner).execute(
          new RequestTransferCommand({ ...dto, toInventoryId: 'i-1' }, source, testMeta),
        ),
      ),
    ).toBe('TRANSFER_SAME_INVENTORY');
    const other = testUser({ branchId: 'b-3', permissions: ['can_transfer_products'] });
    expect(
      await errorCode(
        new RequestTransferHandler(setup('draft', [inventories]).runner).execute(
          new RequestTransferCommand(dto, other, testMeta),
        ),
      ),
    ).toBe('TRANSFER_NOT_INVOLVED');
  });
});
