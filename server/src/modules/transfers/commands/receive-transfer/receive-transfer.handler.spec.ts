import type { TransferReceiveDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import { testMeta } from '../../../../core/cqrs/testing';
import { ReceiveTransferCommand } from './receive-transfer.command';
import { ReceiveTransferHandler } from './receive-transfer.handler';
import { setup, source, destination, stepRefusal, moved } from '../transfer.spec-fixture';

const refused = stepRefusal(ReceiveTransferHandler);
const receive = (user: AuthUser, lines: TransferReceiveDto['lines'] = []) =>
  new ReceiveTransferCommand('t-1', { lines }, user, testMeta);

describe('ReceiveTransferHandler', () => {
  it('moves the received quantities into the destination and notes a shortfall', async () => {
    const { runner, ledger } = setup('shipped');
    ledger.apply.mockResolvedValueOnce([
      { variantId: 'v-1', inventoryId: 'i-2', branchId: 'b-2', before: 0, onHand: 2, avgCost: 110 },
    ]);
    await new ReceiveTransferHandler(runner, ledger).execute(
      receive(destination, [{ lineId: 'l-1', receivedQuantity: 2, reason: 'broken' }]),
    );
    expect(ledger.apply.mock.calls[0][1]).toEqual([
      expect.objectContaining({ inventoryId: 'i-2', quantity: '2.000', reason: 'transfer_in' }),
    ]);
    // 2 in at today's average cost 1.10; the third piece lost at its shipping cost 1.00.
    expect(runner.tx!.raised).toEqual([
      {
        type: 'transfer.received',
        payload: { ...moved, value: 220, shortValue: 100 },
      },
    ]);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'transfer.receive',
      after: { state: 'partially_received' },
    });
  });

  it('needs a reason for a difference and knows only its own lines', async () => {
    expect(
      await refused('shipped', receive(destination, [{ lineId: 'l-1', receivedQuantity: 2 }])),
    ).toBe('TRANSFER_REASON_REQUIRED');
    expect(
      await refused('shipped', receive(destination, [{ lineId: 'l-9', receivedQuantity: 3 }])),
    ).toBe('TRANSFER_LINE_UNKNOWN');
  });

  it("is the destination branch's step", async () => {
    expect(await refused('shipped', receive(source))).toBe('TRANSFER_NOT_DESTINATION');
  });
});
