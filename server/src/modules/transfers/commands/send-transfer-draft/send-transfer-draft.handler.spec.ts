import { errorCode, testMeta, testUser } from '../../../../core/cqrs/testing';
import { SendTransferDraftCommand } from './send-transfer-draft.command';
import { SendTransferDraftHandler } from './send-transfer-draft.handler';
import { setup, source, destination } from '../transfer.spec-fixture';

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
