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
  const m = Object.assign(fakeManager(stubs, { findOne: variant }), {
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
