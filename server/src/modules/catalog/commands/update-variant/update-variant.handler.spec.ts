import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import type { ProductsService } from '../../services/products.service';
import { UpdateVariantCommand } from './update-variant.command';
import { UpdateVariantHandler } from './update-variant.handler';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [
  [/^\s*SELECT 1 FROM variants WHERE sku = \$1 AND id <> \$2/, []],
];

const variant = {
  id: 'v-1',
  productId: 'p-1',
  sku: 'SH-S',
  barcodes: ['111'],
  properties: {},
  sellPrice: 1000,
  minSellPrice: 0,
  avgCost: 500,
};

function setup(stubs: QueryStub[] = []) {
  const m = Object.assign(fakeManager([...stubs, ...READS_ANSWERED_EMPTY], { findOne: variant }), {
    findOneByOrFail: async () => ({ id: 'p-1', nameAr: 'قميص', nameEn: null }),
  });
  const runner = fakeRunner(m);
  const products = { getVariant: jest.fn(async () => ({ id: 'v-1' })) };
  return { m, runner, h: new UpdateVariantHandler(runner, products as unknown as ProductsService) };
}
const editor = testUser({ permissions: ['can_manage_products'] });

describe('UpdateVariantHandler', () => {
  it('renames the SKU, keeps the cost for who cannot see it, and audits the next state', async () => {
    const { m, runner, h } = setup();
    await h.execute(
      new UpdateVariantCommand('v-1', { sku: ' SH-XS ', avgCost: 1 } as never, editor, testMeta),
    );
    const patch = m.calls.find((c) => c.sql === 'update')?.params[2] as Record<string, unknown>;
    expect(patch).toMatchObject({ sku: 'SH-XS' });
    expect(patch).not.toHaveProperty('avgCost');
    expect(patch.searchText).toContain('sh-xs');
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'variant.update',
      entityId: 'v-1',
      before: variant,
      after: { sku: 'SH-XS', avgCost: 500 },
    });
  });

  it('raises variant.cost.changed with the stock on hand revalued per branch, and nothing for the same cost', async () => {
    const values: QueryStub = [
      /FROM stock_levels WHERE variant_id = \$1 ORDER BY inventory_id FOR UPDATE/,
      (params) =>
        params[1] === 500 && params[2] === 550
          ? [
              { branchId: 'b-1', amount: '500' },
              { branchId: 'b-2', amount: '0' },
            ]
          : [],
    ];
    const costly = testUser({ permissions: ['can_manage_products', 'can_see_buy_price'] });
    const a = setup([values]);
    await a.h.execute(new UpdateVariantCommand('v-1', { avgCost: 550 } as never, costly, testMeta));
    expect(a.runner.tx!.raised).toEqual([
      {
        type: 'variant.cost.changed',
        payload: {
          variantId: 'v-1',
          productId: 'p-1',
          sku: 'SH-S',
          before: 500,
          after: 550,
          userId: 'u-1',
          values: [{ branchId: 'b-1', amount: 500 }],
        },
      },
    ]);
    const b = setup([values]);
    await b.h.execute(new UpdateVariantCommand('v-1', { avgCost: 500 } as never, costly, testMeta));
    expect(b.runner.tx!.raised).toEqual([]);
  });

  it('refuses a SKU another variant holds, and a barcode another variant holds', async () => {
    expect(
      await errorCode(
        setup([[/FROM variants WHERE sku/, [{ '?column?': 1 }]]]).h.execute(
          new UpdateVariantCommand('v-1', { sku: 'TAKEN' } as never, editor, testMeta),
        ),
      ),
    ).toBe('SKU_TAKEN');
    expect(
      await errorCode(
        setup([[/FROM variant_barcodes/, [{ barcode: '999' }]]]).h.execute(
          new UpdateVariantCommand('v-1', { barcodes: ['999'] } as never, editor, testMeta),
        ),
      ),
    ).toBe('BARCODE_TAKEN');
  });
});
