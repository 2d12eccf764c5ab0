import type { LiveEvent, PermissionKey } from '@pos/contracts';
import { eventBranches, LIVE_EVENT_RULES, projectEvent, viewerKey } from './event-policy';
import { LIVE_EVENT_TYPES } from '@pos/contracts';

const viewer = (id: string, permissions: PermissionKey[]) => ({ id, permissions });
const event = <T extends LiveEvent['type']>(
  type: T,
  payload: LiveEvent<T>['payload'],
  branchId = 'b1',
): LiveEvent<T> => ({
  id: 'e1',
  type,
  branchId,
  at: '2026-01-01T00:00:00.000Z',
  payload,
});

describe('live event policy', () => {
  it('has a rule for every event of the contract', () => {
    expect(Object.keys(LIVE_EVENT_RULES).sort()).toEqual([...LIVE_EVENT_TYPES].sort());
  });

  it('strips sale totals and profit without their permissions, and drops the sale without can_see_invoices', () => {
    const sale = event('sale.completed', {
      invoiceId: 'i',
      number: 'n',
      shiftId: null,
      cashierId: 'c',
      cashierName: 'x',
      total: 100,
      itemCount: 1,
      payments: [{ methodId: 'm', methodName: 'cash', amount: 100 }],
      profit: 20,
    });
    expect(
      projectEvent(
        sale,
        viewer('u', ['can_see_invoices', 'can_see_invoices_totals', 'can_see_profit']),
      ),
    ).toBe(sale);
    expect(
      projectEvent(sale, viewer('u', ['can_see_invoices', 'can_see_invoices_totals']))!.payload,
    ).not.toHaveProperty('profit');
    const bare = projectEvent(sale, viewer('u', ['can_see_invoices']))!.payload;
    expect(Object.keys(bare).sort()).toEqual([
      'cashierId',
      'cashierName',
      'invoiceId',
      'itemCount',
      'number',
      'shiftId',
    ]);
    expect(projectEvent(sale, viewer('u', ['can_see_profit']))).toBeNull();
    expect(sale.payload.profit).toBe(20); // the original is not mutated
  });

  it('gives an API key only the events whose read admits a key (issue 30 item 11)', () => {
    const key = (permissions: PermissionKey[]) => ({ id: 'k', permissions, viaApiKey: true });
    const stock = event('stock.changed', {
      variantId: 'v',
      inventoryId: 'i',
      onHand: 1,
      reserved: 0,
    });
    expect(projectEvent(stock, key(['can_see_products']))).toBe(stock);
    expect(projectEvent(stock, key(['can_see_customers']))).toBeNull();
    expect(projectEvent(stock, viewer('u', []))).toBe(stock); // any signed-in user
    // Open to any signed-in user, closed to every key (as their HTTP reads are).
    const everything = key(Object.values(LIVE_EVENT_RULES).flatMap((r) => r.require ?? []));
    for (const type of [
      'shift.opened',
      'maintenance.counts',
      'reservation.changed',
      'delivery.changed',
    ] as const)
      expect(projectEvent(event(type, { cashierId: 'k' } as never), everything)).toBeNull();
    // A permission-gated event: the permission, as for a user.
    const low = event('stock.low', { count: 1, variantIds: ['v'] });
    expect(projectEvent(low, key(['can_see_near_end_products']))).toBe(low);
    expect(projectEvent(low, key(['can_see_products']))).toBeNull();
    // the expiring lots: like the low list (GET /Batches/expiring)
    const lots = event('lots.expiring', { expiring: 2, expired: 1 });
    expect(projectEvent(lots, viewer('u', ['can_see_near_end_products']))).toBe(lots);
    expect(projectEvent(lots, viewer('u', ['can_see_inventories']))).toBeNull();
    // A key and a user holding the same keys are never grouped together.
    expect(viewerKey(stock, key(['can_see_products']))).not.toBe(
      viewerKey(stock, viewer('u', ['can_see_products'])),
    );
  });

  it('shows someone else’s shift only with view_all_shifts, totals only with can_see_shift_totals', () => {
    const shift = event('shift.totals', {
      shiftId: 's',
      cashierId: 'c',
      cashierName: 'x',
      totals: { sales: 1, returns: 0, invoiceCount: 1, byMethod: [] },
    });
    expect(projectEvent(shift, viewer('other', []))).toBeNull();
    expect(projectEvent(shift, viewer('c', []))!.payload).toEqual({
      shiftId: 's',
      cashierId: 'c',
      cashierName: 'x',
    });
    expect(projectEvent(shift, viewer('other', ['view_all_shifts', 'can_see_shift_totals']))).toBe(
      shift,
    );
    // Sockets are grouped per user for rules that look at the user.
    expect(viewerKey(shift, viewer('a', []))).not.toBe(viewerKey(shift, viewer('b', [])));
    const stock = event('stock.changed', {
      variantId: 'v',
      inventoryId: 'i',
      onHand: 1,
      reserved: 0,
    });
    expect(viewerKey(stock, viewer('a', []))).toBe(viewerKey(stock, viewer('b', [])));
  });

  it('sends transfers to both branches, value at cost only with can_see_transfer_totals and can_see_buy_price', () => {
    const transfer = event('transfer.shipped', {
      transferId: 't',
      number: 'T1',
      fromBranchId: 'b1',
      toBranchId: 'b2',
      state: 'shipped',
      valueAtCost: 500,
    });
    expect(eventBranches(transfer).sort()).toEqual(['b1', 'b2']);
    expect(
      projectEvent(transfer, viewer('u', ['can_transfer_products']))!.payload,
    ).not.toHaveProperty('valueAtCost');
    // the totals key alone does not reveal a cost figure
    expect(
      projectEvent(transfer, viewer('u', ['can_transfer_products', 'can_see_transfer_totals']))!
        .payload,
    ).not.toHaveProperty('valueAtCost');
    expect(
      projectEvent(transfer, viewer('u', ['can_transfer_products', 'can_see_buy_price']))!.payload,
    ).not.toHaveProperty('valueAtCost');
    expect(
      projectEvent(
        transfer,
        viewer('u', ['can_transfer_products', 'can_see_transfer_totals', 'can_see_buy_price']),
      ),
    ).toBe(transfer);
    expect(projectEvent(transfer, viewer('u', []))).toBeNull();
  });

  it('sends the low list only to readers of the low list; never an unknown type', () => {
    const low = event('stock.low', { count: 2, variantIds: ['v'] });
    expect(projectEvent(low, viewer('u', ['can_see_products']))).toBeNull();
    expect(projectEvent(low, viewer('u', ['can_see_near_end_products']))).toBe(low);
    expect(
      projectEvent(
        { ...low, type: 'made.up' } as unknown as LiveEvent,
        viewer('u', ['can_see_near_end_products']),
      ),
    ).toBeNull();
  });
});
