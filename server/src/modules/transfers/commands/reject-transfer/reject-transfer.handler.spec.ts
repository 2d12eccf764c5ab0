import { errorCode, testMeta } from '../../../../core/cqrs/testing';
import { RejectTransferCommand } from './reject-transfer.command';
import { RejectTransferHandler } from './reject-transfer.handler';
import { setup, source, destination } from '../transfer.spec-fixture';

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
