import { errorCode, testMeta } from '../../../../core/cqrs/testing';
import { ReceiveTransferCommand } from './receive-transfer.command';
import { ReceiveTransferHandler } from './receive-transfer.handler';
import { setup, source, destination } from '../transfer.spec-fixture';

describe('ReceiveTransferHandler', () => {
  it('moves the received quantities into the destination and notes a shortfall', async () => {
    const { runner, ledger } = setup('shipped');
    ledger.apply.mockResolvedValueOnce([
      { variantId: 'v-1', inventoryId: 'i-2', branchId: 'b-2', before: 0, onHand: 2, avgCost: 110 },
    ]);
    await new ReceiveTransferHandler(runner, ledger).execute(
      new ReceiveTransferCommand(
        't-1',
        { lines: [{ lineId: 'l-1', receivedQuantity: 2, reason: 'broken' }] },
        destination,
        testMeta,
      ),
    );
    expect(ledger.apply.mock.calls[0][1]).toEqual([
      expect.objectContaining({ inventoryId: 'i-2', quantity: '2.000', reason: 'transfer_in' }),
    ]);
    // 2 in at today's average cost 1.10; the third piece lost at its shipping cost 1.00.
    expect(runner.tx!.raised).toEqual([
      {
        type: 'transfer.received',
        payload: {
          transferId: 't-1',
          number: 'B1-TR-000001',
          fromBranchId: 'b-1',
          toBranchId: 'b-2',
          userId: 'u-1',
          value: 220,
          shortValue: 100,
        },
      },
    ]);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'transfer.receive',
      after: { state: 'partially_received' },
    });
  });

  it('needs a reason for a difference and knows only its own lines', async () => {
    const a = setup('shipped');
    expect(
      await errorCode(
        new ReceiveTransferHandler(a.runner, a.ledger).execute(
          new ReceiveTransferCommand(
            't-1',
            { lines: [{ lineId: 'l-1', receivedQuantity: 2 }] },
            destination,
            testMeta,
          ),
        ),
      ),
    ).toBe('TRANSFER_REASON_REQUIRED');
    const b = setup('shipped');
    expect(
      await errorCode(
        new ReceiveTransferHandler(b.runner, b.ledger).execute(
          new ReceiveTransferCommand(
            't-1',
            { lines: [{ lineId: 'l-9', receivedQuantity: 3 }] },
            destination,
            testMeta,
          ),
        ),
      ),
    ).toBe('TRANSFER_LINE_UNKNOWN');
  });

  it("is the destination branch's step", async () => {
    const { runner, ledger } = setup('shipped');
    expect(
      await errorCode(
        new ReceiveTransferHandler(runner, ledger).execute(
          new ReceiveTransferCommand('t-1', { lines: [] }, source, testMeta),
        ),
      ),
    ).toBe('TRANSFER_NOT_DESTINATION');
  });
});
