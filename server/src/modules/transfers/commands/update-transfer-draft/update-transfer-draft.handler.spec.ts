import { errorCode, testMeta } from '../../../../core/cqrs/testing';
import { UpdateTransferDraftCommand } from './update-transfer-draft.command';
import { UpdateTransferDraftHandler } from './update-transfer-draft.handler';
import { setup, source } from '../transfer.spec-fixture';

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
