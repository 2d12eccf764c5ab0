import { errorCode, testMeta } from '../../../../core/cqrs/testing';
import { ApproveTransferCommand } from './approve-transfer.command';
import { ApproveTransferHandler } from './approve-transfer.handler';
import { setup, source, destination } from '../transfer.spec-fixture';

describe('ApproveTransferHandler', () => {
  it('reserves the lines at the source and moves to approved', async () => {
    const { runner, ledger } = setup('requested', [
      [
        /FROM stock_levels s JOIN inventories i/,
        [{ on_hand: '5', reserved: '0', allow_negative: false }],
      ],
    ]);
    await new ApproveTransferHandler(runner, ledger).execute(
      new ApproveTransferCommand('t-1', {}, source, testMeta),
    );
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
      await errorCode(
        new ApproveTransferHandler(runner, ledger).execute(
          new ApproveTransferCommand('t-1', {}, source, testMeta),
        ),
      ),
    ).toBe('INSUFFICIENT_STOCK');
  });

  it("is the source branch's step, from requested only", async () => {
    const a = setup('requested');
    expect(
      await errorCode(
        new ApproveTransferHandler(a.runner, a.ledger).execute(
          new ApproveTransferCommand('t-1', {}, destination, testMeta),
        ),
      ),
    ).toBe('TRANSFER_NOT_SOURCE');
    const b = setup('draft');
    expect(
      await errorCode(
        new ApproveTransferHandler(b.runner, b.ledger).execute(
          new ApproveTransferCommand('t-1', {}, source, testMeta),
        ),
      ),
    ).toBe('TRANSFER_ILLEGAL_TRANSITION');
  });
});
