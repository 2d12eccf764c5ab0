import { errorCode, testMeta } from '../../../../core/cqrs/testing';
import { buyer, setup } from '../purchase-order.spec-fixture';
import { UpdatePurchaseOrderCommand } from './update-purchase-order.command';
import { UpdatePurchaseOrderHandler } from './update-purchase-order.handler';

const current: [RegExp, unknown[]] = [
  /SELECT variant_id, quantity::text, unit_cost::text FROM purchase_order_lines/,
  [{ variant_id: 'v-2', quantity: '2.000', unit_cost: '450' }],
];

describe('UpdatePurchaseOrderHandler', () => {
  it('replaces the lines; a line kept by a user who cannot see costs keeps its cost', async () => {
    const { m, runner } = setup('ordered', [current]);
    await new UpdatePurchaseOrderHandler(runner).execute(
      new UpdatePurchaseOrderCommand(
        'po-1',
        {
          note: 'عاجل',
          lines: [
            { variantId: 'v-2', quantity: 3 },
            { variantId: 'v-1', quantity: 1 },
          ],
        },
        buyer,
        testMeta,
      ),
    );
    expect(m.calls.some((c) => c.sql.startsWith('DELETE FROM purchase_order_lines'))).toBe(true);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'purchase_order.edit',
      before: { lines: [{ variant_id: 'v-2', unit_cost: '450' }] },
      after: {
        note: 'عاجل',
        lines: [
          { variantId: 'v-2', quantity: '3.000', unitCost: 450 },
          { variantId: 'v-1', quantity: '1.000', unitCost: 900 },
        ],
      },
    });
  });

  it('refuses an order something of which has arrived (409), writing nothing', async () => {
    const { m, runner } = setup('partly_received', [current]);
    expect(
      await errorCode(
        new UpdatePurchaseOrderHandler(runner).execute(
          new UpdatePurchaseOrderCommand('po-1', { note: 'x' }, buyer, testMeta),
        ),
      ),
    ).toBe('PURCHASE_ORDER_ILLEGAL_TRANSITION');
    expect(m.calls.filter((c) => /^(UPDATE|DELETE|INSERT)/.test(c.sql))).toEqual([]);
  });
});
