import { errorCode, testMeta } from '../../../../core/cqrs/testing';
import { buyer, setup } from '../purchase-order.spec-fixture';
import { CreateReorderPurchaseOrdersCommand } from './create-reorder-purchase-orders.command';
import { CreateReorderPurchaseOrdersHandler } from './create-reorder-purchase-orders.handler';

describe('CreateReorderPurchaseOrdersHandler', () => {
  it('makes one order per vendor from the chosen lines', async () => {
    const { m, runner } = setup('ordered');
    const created = await new CreateReorderPurchaseOrdersHandler(runner).execute(
      new CreateReorderPurchaseOrdersCommand(
        {
          inventoryId: 'i-1',
          lines: [
            { variantId: 'v-1', vendorId: 'vd-1', quantity: 5 },
            { variantId: 'v-2', vendorId: 'vd-2', quantity: 2 },
          ],
        },
        buyer,
        testMeta,
      ),
    );
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
      await errorCode(
        new CreateReorderPurchaseOrdersHandler(runner).execute(
          new CreateReorderPurchaseOrdersCommand(
            {
              inventoryId: 'i-1',
              lines: [
                { variantId: 'v-1', vendorId: 'vd-1', quantity: 5 },
                { variantId: 'v-2', vendorId: 'vd-off', quantity: 2 },
              ],
            },
            buyer,
            testMeta,
          ),
        ),
      ),
    ).toBe('PURCHASE_ORDER_VENDOR_INACTIVE');
    expect(m.calls.some((c) => c.sql.includes('INSERT'))).toBe(false);
  });
});
