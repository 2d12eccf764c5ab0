import type { AuthUser } from '../../../../core/auth/auth.types';
import { testMeta } from '../../../../core/cqrs/testing';
import { ShipTransferCommand } from './ship-transfer.command';
import { ShipTransferHandler } from './ship-transfer.handler';
import { setup, source, destination, stepRefusal, moved } from '../transfer.spec-fixture';

const refused = stepRefusal(ShipTransferHandler);
const ship = (user: AuthUser) => new ShipTransferCommand('t-1', {}, user, testMeta);

describe('ShipTransferHandler', () => {
  it('turns the reservation into a movement out at the current average cost', async () => {
    const { runner, ledger } = setup('approved', [
      [/avg_cost::text FROM variants/, [{ id: 'v-1', avg_cost: '120' }]],
    ]);
    ledger.apply.mockResolvedValueOnce([
      { variantId: 'v-1', inventoryId: 'i-1', branchId: 'b-1', before: 5, onHand: 2, avgCost: 120 },
    ]);
    await new ShipTransferHandler(runner, ledger).execute(ship(source));
    expect(ledger.reserve).toHaveBeenCalledWith(expect.anything(), 'v-1', 'i-1', '-3.000');
    expect(ledger.apply.mock.calls[0][1]).toEqual([
      expect.objectContaining({
        inventoryId: 'i-1',
        quantity: '-3.000',
        unitCost: 120,
        reason: 'transfer_out',
      }),
    ]);
    // The books move 3 × 1.20 out of the source into transit.
    expect(runner.tx!.raised).toEqual([
      {
        type: 'transfer.shipped',
        payload: { ...moved, value: 360 },
      },
    ]);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'transfer.ship',
      after: { state: 'shipped' },
    });
  });

  it('ships only an approved request, from the source', async () => {
    expect(await refused('requested', ship(source))).toBe('TRANSFER_ILLEGAL_TRANSITION');
    expect(await refused('approved', ship(destination))).toBe('TRANSFER_NOT_SOURCE');
  });
});
