import { errorCode, testMeta, testUser } from '../../../../core/cqrs/testing';
import { buyer, costBuyer, setup } from '../purchase-order.spec-fixture';
import { CreatePurchaseOrderCommand } from './create-purchase-order.command';
import { CreatePurchaseOrderHandler } from './create-purchase-order.handler';

const dto = {
  vendorId: 'vd-1',
  inventoryId: 'i-1',
  expectedDate: '2026-12-01',
  lines: [
    { variantId: 'v-1', quantity: 4 },
    { variantId: 'v-2', quantity: 1.5 },
    { variantId: 'v-1', quantity: 2 },
  ],
};

describe('CreatePurchaseOrderHandler', () => {
  it('numbers the order per branch, merges a repeated variant and costs each line without showing it', async () => {
    const { m, runner } = setup('ordered');
    const created = await new CreatePurchaseOrderHandler(runner).execute(
      new CreatePurchaseOrderCommand(dto, buyer, testMeta),
    );
    expect(created.number).toBe('B01-PO-000007');
    const insert = m.calls.find((c) => c.sql.includes('INSERT INTO purchase_orders'))!;
    expect(insert.params).toEqual([
      created.id,
      'B01-PO-000007',
      'vd-1',
      'b-1',
      'i-1',
      '2026-12-01',
      null,
      'u-1',
    ]);
    // v-1: its last ordered cost; v-2: never ordered, its average cost
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'purchase_order.create',
      entityId: created.id,
      after: {
        status: 'ordered',
        lines: [
          { variantId: 'v-1', quantity: '6.000', unitCost: 900 },
          { variantId: 'v-2', quantity: '1.500', unitCost: 500 },
        ],
        total: 900 * 6 + 750,
      },
    });
  });

  it('takes a given cost only from a user who may see costs', async () => {
    const withCost = { ...dto, lines: [{ variantId: 'v-1', quantity: 2, unitCost: 1234 }] };
    expect(
      await errorCode(
        new CreatePurchaseOrderHandler(setup('ordered').runner).execute(
          new CreatePurchaseOrderCommand(withCost, buyer, testMeta),
        ),
      ),
    ).toBe('PURCHASE_ORDER_COST_FORBIDDEN');
    const { runner } = setup('ordered');
    await new CreatePurchaseOrderHandler(runner).execute(
      new CreatePurchaseOrderCommand(withCost, costBuyer, testMeta),
    );
    expect(runner.tx!.audits[0].after).toMatchObject({ lines: [{ unitCost: 1234 }], total: 2468 });
  });

  it('refuses an inactive vendor, a fraction of a counted unit and another branch', async () => {
    const run = (d: object, user = buyer) =>
      errorCode(
        new CreatePurchaseOrderHandler(setup('ordered').runner).execute(
          new CreatePurchaseOrderCommand({ ...dto, ...d }, user, testMeta),
        ),
      );
    expect(await run({ vendorId: 'vd-off' })).toBe('PURCHASE_ORDER_VENDOR_INACTIVE');
    expect(await run({ lines: [{ variantId: 'v-1', quantity: 1.5 }] })).toBe('QUANTITY_NOT_WHOLE');
    const elsewhere = testUser({ branchId: 'b-2', permissions: ['can_buy_products'] });
    expect(await run({}, elsewhere)).toBe('NOT_FOUND');
    const reader = testUser({
      branchId: 'b-2',
      permissions: ['can_buy_products', 'can_see_branches'],
    });
    expect(await run({}, reader)).toBe('FORBIDDEN');
  });
});
