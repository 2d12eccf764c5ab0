import { errorCode, type QueryStub, testMeta, testUser } from '../../../../core/cqrs/testing';
import { untrackedVariants, withLedger } from '../../../../core/cqrs/handler.spec-fixture';
import type { StockLedger } from '../../services/stock-ledger.service';
import { AdjustStockCommand } from './adjust-stock.command';
import { AdjustStockHandler } from './adjust-stock.handler';

const inventory: QueryStub = [/SELECT branch_id FROM inventories/, [{ branch_id: 'b-1' }]];
const variants: QueryStub = untrackedVariants;

function setup(stubs: QueryStub[]) {
  const { runner, ledger } = withLedger<StockLedger>(stubs);
  return { runner, ledger, h: new AdjustStockHandler(runner, ledger) };
}
const cmd = (lines: object[], user = testUser()) =>
  new AdjustStockCommand(
    { inventoryId: 'i-1', reason: 'adjustment', lines } as never,
    user,
    testMeta,
  );

describe('AdjustStockHandler', () => {
  it('turns a counted figure into the difference from the locked balance', async () => {
    const { runner, ledger, h } = setup([
      inventory,
      variants,
      [/SELECT on_hand::text FROM stock_levels/, [{ on_hand: '7.000' }]],
    ]);
    await h.execute(cmd([{ variantId: 'v-1', countedQuantity: 4, unitCost: 100 }]));
    expect(ledger.apply.mock.calls[0][1]).toEqual([
      expect.objectContaining({ variantId: 'v-1', quantity: '-3.000', unitCost: null }),
    ]);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'stock.adjust',
      entity: 'stock_adjustment',
    });
  });

  it('keeps the unit cost only for a user who may see costs', async () => {
    const { ledger, h } = setup([inventory, variants]);
    await h.execute(
      cmd(
        [{ variantId: 'v-1', quantity: 2, unitCost: 150 }],
        testUser({ permissions: ['can_see_buy_price'] }),
      ),
    );
    expect(ledger.apply.mock.calls[0][1]).toEqual([
      expect.objectContaining({ quantity: '2.000', unitCost: 150 }),
    ]);
  });

  it('raises stock.adjusted with the value at average cost that came in and went out', async () => {
    const { runner, ledger, h } = setup([inventory, untrackedVariants]);
    const change = (variantId: string, before: number, onHand: number, avgCost: number) => ({
      variantId,
      inventoryId: 'i-1',
      branchId: 'b-1',
      before,
      onHand,
      avgCost,
    });
    ledger.apply.mockResolvedValueOnce([change('v-1', 10, 7, 1250), change('v-2', 0, 1.5, 333)]);
    await h.execute(
      cmd([
        { variantId: 'v-1', quantity: -3 },
        { variantId: 'v-2', quantity: 1.5 },
      ]),
    );
    expect(runner.tx!.raised).toEqual([
      {
        type: 'stock.adjusted',
        payload: {
          source: { type: 'stock_adjustment', id: expect.any(String), number: null },
          reason: 'adjustment',
          userId: 'u-1',
          // 3 × 12.50 out; 1.5 × 3.33 = 4.995 → 5.00 in
          values: [{ branchId: 'b-1', increase: 500, decrease: 3750 }],
        },
      },
    ]);
  });

  it('takes a change or a count per line, not both, and only in the own branch', async () => {
    expect(
      await errorCode(
        setup([inventory, variants]).h.execute(
          cmd([{ variantId: 'v-1', quantity: 1, countedQuantity: 1 }]),
        ),
      ),
    ).toBe('VALIDATION_FAILED');
    expect(
      await errorCode(
        setup([inventory, variants]).h.execute(
          cmd([{ variantId: 'v-1', quantity: 1 }], testUser({ branchId: 'b-2' })),
        ),
      ),
    ).toBe('NOT_FOUND');
  });

  it('moves a tracked product only with its serials or lot, never by a counted figure', async () => {
    const phone: QueryStub = [
      /p\.tracking, p\.imei_count/,
      [{ variant_id: 'v-1', tracking: 'serial', imei_count: 1, name: 'هاتف' }],
    ];
    const refused = async (line: object) => {
      const { ledger, h } = setup([inventory, phone]);
      const code = await errorCode(h.execute(cmd([{ variantId: 'v-1', ...line }])));
      expect(ledger.apply).not.toHaveBeenCalled();
      return code;
    };
    expect(await refused({ countedQuantity: 2 })).toBe('VALIDATION_FAILED');
    expect(await refused({ quantity: 1 })).toBe('VALIDATION_FAILED');
    expect(await refused({ quantity: 1, serials: [{ serial: '490154203237519' }] })).toBe(
      'VALIDATION_FAILED',
    );
    expect(
      await refused({
        quantity: 2,
        serials: [{ serial: '490154203237518' }],
      }),
    ).toBe('VALIDATION_FAILED');
  });
});
