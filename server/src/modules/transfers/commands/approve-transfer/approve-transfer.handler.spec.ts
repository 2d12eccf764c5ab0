import type { AuthUser } from '../../../../core/auth/auth.types';
import { errorCode, testMeta } from '../../../../core/cqrs/testing';
import { ApproveTransferCommand } from './approve-transfer.command';
import { ApproveTransferHandler } from './approve-transfer.handler';
import { setup, source, destination, stepRefusal } from '../transfer.spec-fixture';

const refused = stepRefusal(ApproveTransferHandler);
const approve = (user: AuthUser) => new ApproveTransferCommand('t-1', {}, user, testMeta);

describe('ApproveTransferHandler', () => {
  it('reserves the lines at the source and moves to approved', async () => {
    const { runner, ledger } = setup('requested', [
      [
        /FROM stock_levels s JOIN inventories i/,
        [{ on_hand: '5', reserved: '0', allow_negative: false }],
      ],
    ]);
    await new ApproveTransferHandler(runner, ledger).execute(approve(source));
    expect(ledger.reserve).toHaveBeenCalledWith(expect.anything(), 'v-1', 'i-1', '3.000');
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'transfer.approve',
      after: { state: 'approved' },
    });
  });

  it('refuses more than is available at the source', async () => {
    const { runner, ledger } = setup('requested', [
      [
        /FROM stock_levels s JOIN inventories i/,
        [{ on_hand: '2', reserved: '0', allow_negative: false }],
      ],
    ]);
    expect(
      await errorCode(new ApproveTransferHandler(runner, ledger).execute(approve(source))),
    ).toBe('INSUFFICIENT_STOCK');
  });

  it("is the source branch's step, from requested only", async () => {
    expect(await refused('requested', approve(destination))).toBe('TRANSFER_NOT_SOURCE');
    expect(await refused('draft', approve(source))).toBe('TRANSFER_ILLEGAL_TRANSITION');
  });
});
