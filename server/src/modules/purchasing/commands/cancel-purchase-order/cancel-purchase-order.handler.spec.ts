import { errorCode, testMeta, testUser } from '../../../../core/cqrs/testing';
import { buyer, setup } from '../purchase-order.spec-fixture';
import { CancelPurchaseOrderCommand } from './cancel-purchase-order.command';
import { CancelPurchaseOrderHandler } from './cancel-purchase-order.handler';

describe('CancelPurchaseOrderHandler', () => {
  it('cancels an order nothing of which has arrived', async () => {
    const { m, runner } = setup('ordered');
    await new CancelPurchaseOrderHandler(runner).execute(
      new CancelPurchaseOrderCommand('po-1', { note: 'المورد اعتذر' }, buyer, testMeta),
    );
    expect(m.calls.find((c) => c.sql.startsWith('UPDATE purchase_orders'))!.params).toEqual([
      'po-1',
      'cancelled',
    ]);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'purchase_order.cancel',
      before: { status: 'ordered' },
      after: { status: 'cancelled', note: 'المورد اعتذر' },
    });
  });

  it.each(['partly_received', 'received', 'closed', 'cancelled'])(
    'refuses an order that is %s (409)',
    async (status) => {
      const { runner } = setup(status);
      expect(
        await errorCode(
          new CancelPurchaseOrderHandler(runner).execute(
            new CancelPurchaseOrderCommand('po-1', {}, buyer, testMeta),
          ),
        ),
      ).toBe('PURCHASE_ORDER_ILLEGAL_TRANSITION');
    },
  );

  it("hides another branch's order from a user of one branch", async () => {
    const other = testUser({ branchId: 'b-2', permissions: ['can_buy_products'] });
    expect(
      await errorCode(
        new CancelPurchaseOrderHandler(setup('ordered').runner).execute(
          new CancelPurchaseOrderCommand('po-1', {}, other, testMeta),
        ),
      ),
    ).toBe('NOT_FOUND');
  });
});
