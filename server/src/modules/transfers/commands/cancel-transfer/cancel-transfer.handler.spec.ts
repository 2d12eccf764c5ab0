import { errorCode, testMeta } from '../../../../core/cqrs/testing';
import { CancelTransferCommand } from './cancel-transfer.command';
import { CancelTransferHandler } from './cancel-transfer.handler';
import { setup, source, destination } from '../transfer.spec-fixture';

describe('CancelTransferHandler', () => {
  it('releases the reservation only when the request was approved', async () => {
    const a = setup('approved');
    await new CancelTransferHandler(a.runner, a.ledger).execute(
      new CancelTransferCommand('t-1', {}, destination, testMeta),
    );
    expect(a.ledger.reserve).toHaveBeenCalledWith(expect.anything(), 'v-1', 'i-1', '-3.000');
    expect(a.runner.tx!.audits[0]).toMatchObject({
      action: 'transfer.cancel',
      after: { state: 'cancelled' },
    });
    const b = setup('requested');
    await new CancelTransferHandler(b.runner, b.ledger).execute(
      new CancelTransferCommand('t-1', {}, source, testMeta),
    );
    expect(b.ledger.reserve).not.toHaveBeenCalled();
  });

  it('cannot cancel a shipped request', async () => {
    const { runner, ledger } = setup('shipped');
    expect(
      await errorCode(
        new CancelTransferHandler(runner, ledger).execute(
          new CancelTransferCommand('t-1', {}, source, testMeta),
        ),
      ),
    ).toBe('TRANSFER_ILLEGAL_TRANSITION');
  });
});
