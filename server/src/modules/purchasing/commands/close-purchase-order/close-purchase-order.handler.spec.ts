import { errorCode, testMeta } from '../../../../core/cqrs/testing';
import { buyer, setup } from '../purchase-order.spec-fixture';
import { ClosePurchaseOrderCommand } from './close-purchase-order.command';
import { ClosePurchaseOrderHandler } from './close-purchase-order.handler';

describe('ClosePurchaseOrderHandler', () => {
  it.each(['partly_received', 'received'])('closes an order that is %s', async (status) => {
    const { runner } = setup(status);
    await new ClosePurchaseOrderHandler(runner).execute(
      new ClosePurchaseOrderCommand('po-1', {}, buyer, testMeta),
    );
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'purchase_order.close',
      before: { status },
      after: { status: 'closed' },
    });
  });

  it.each(['ordered', 'closed', 'cancelled'])(
    'refuses an order that is %s (409)',
    async (status) => {
      const { m, runner } = setup(status);
      expect(
        await errorCode(
          new ClosePurchaseOrderHandler(runner).execute(
            new ClosePurchaseOrderCommand('po-1', {}, buyer, testMeta),
          ),
        ),
      ).toBe('PURCHASE_ORDER_ILLEGAL_TRANSITION');
      expect(m.calls.some((c) => c.sql.startsWith('UPDATE'))).toBe(false);
    },
  );
});
