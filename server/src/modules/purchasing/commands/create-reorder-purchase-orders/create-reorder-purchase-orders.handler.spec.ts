import { errorCode, testMeta } from '../../../../core/cqrs/testing';
import { buyer, setup } from '../purchase-order.spec-fixture';
import { CreateReorderPurchaseOrdersCommand } from './create-reorder-purchase-orders.command';
import { CreateReorderPurchaseOrdersHandler } from './create-reorder-purchase-orders.handler';

/** Five of v-1 from vd-1 and two of v-2 from `secondVendor`, for inventory i-1. */
const reorder = (secondVendor: string) =>
  new CreateReorderPurchaseOrdersCommand(
    {
      inventoryId: 'i-1',
      lines: [
        { variantId: 'v-1', vendorId: 'vd-1', quantity: 5 },
        { variantId: 'v-2', vendorId: secondVendor, quantity: 2 },
      ],
    },
    buyer,
    testMeta,
  );

describe('CreateReorderPurchaseOrdersHandler', () => {
  it('makes one order per vendor from the chosen lines', async () => {
    const { m, runner } = setup('ordered');
    const created = await new CreateReorderPurchaseOrdersHandler(runner).execute(reorder('vd-2'));
    expect(created).toHaveLength(2);
    const headers = m.calls.filter((c) => c.sql.includes('INSERT INTO purchase_orders'));
    expect(headers.map((c) => c.params[2])).toEqual(['vd-1', 'vd-2']);
    expect(runner.tx!.audits.map((a) => a.after)).toEqual([
      expect.objectContaining({
        source: 'reorder',
        lines: [expect.objectContaining({ variantId: 'v-1' })],
      }),
      expect.objectContaining({
        source: 'reorder',
        lines: [expect.objectContaining({ variantId: 'v-2' })],
      }),
    ]);
  });

  it('refuses the lot when one vendor is inactive', async () => {
    const { m, runner } = setup('ordered');
    expect(
      await errorCode(new CreateReorderPurchaseOrdersHandler(runner).execute(reorder('vd-off'))),
    ).toBe('PURCHASE_ORDER_VENDOR_INACTIVE');
    expect(m.calls.some((c) => c.sql.includes('INSERT'))).toBe(false);
  });
});
