import { errorCode, type QueryStub, testMeta, testUser } from '../../../../core/cqrs/testing';
import { RequestTransferCommand } from './request-transfer.command';
import { RequestTransferHandler } from './request-transfer.handler';
import { setup, source, destination } from '../transfer.spec-fixture';

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
