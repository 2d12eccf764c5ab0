import type { LiveEvent } from '@pos/contracts';
import { dispatchLiveEvent, onLiveEvent, SeenIds } from './liveSocket';

const stock = (id: string): LiveEvent<'stock.changed'> => ({
  id,
  type: 'stock.changed',
  branchId: 'b',
  at: '2026-01-01T00:00:00.000Z',
  payload: { variantId: 'v', inventoryId: 'i', onHand: 1, reserved: 0 },
});

describe('live socket dispatch', () => {
  it('drops duplicate event ids and forgets the oldest beyond its size', () => {
    const seen = new SeenIds(2);
    expect([seen.add('a'), seen.add('a'), seen.add('b'), seen.add('c'), seen.add('a')]).toEqual([
      true,
      false,
      true,
      true,
      true,
    ]);
  });

  it('calls each handler of the type once per event id, until unsubscribed', () => {
    const got: string[] = [];
    const off = onLiveEvent('stock.changed', (e) => got.push(e.id));
    const other: string[] = [];
    const offOther = onLiveEvent('stock.low', (e) => other.push(e.id));
    dispatchLiveEvent(stock('x1'));
    dispatchLiveEvent(stock('x1'));
    dispatchLiveEvent(stock('x2'));
    off();
    dispatchLiveEvent(stock('x3'));
    offOther();
    expect(got).toEqual(['x1', 'x2']);
    expect(other).toEqual([]);
  });
});
