import type { AuthUser } from '../../../../core/auth/auth.types';
import { testMeta } from '../../../../core/cqrs/testing';
import { CancelTransferCommand } from './cancel-transfer.command';
import { CancelTransferHandler } from './cancel-transfer.handler';
import { setup, source, destination, stepRefusal } from '../transfer.spec-fixture';

const refused = stepRefusal(CancelTransferHandler);
const cancel = (user: AuthUser) => new CancelTransferCommand('t-1', {}, user, testMeta);

describe('CancelTransferHandler', () => {
  it('releases the reservation only when the request was approved', async () => {
    const a = setup('approved');
    await new CancelTransferHandler(a.runner, a.ledger).execute(cancel(destination));
    expect(a.ledger.reserve).toHaveBeenCalledWith(expect.anything(), 'v-1', 'i-1', '-3.000');
    expect(a.runner.tx!.audits[0]).toMatchObject({
      action: 'transfer.cancel',
      after: { state: 'cancelled' },
    });
    const b = setup('requested');
    await new CancelTransferHandler(b.runner, b.ledger).execute(cancel(source));
    expect(b.ledger.reserve).not.toHaveBeenCalled();
  });

  it('cannot cancel a shipped request', async () => {
    expect(await refused('shipped', cancel(source))).toBe('TRANSFER_ILLEGAL_TRANSITION');
  });
});
