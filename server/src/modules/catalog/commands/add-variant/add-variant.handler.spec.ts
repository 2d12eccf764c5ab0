import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import type { ProductsService } from '../../services/products.service';
import { AddVariantCommand } from './add-variant.command';
import { AddVariantHandler } from './add-variant.handler';

const product = { id: 'p-1', nameAr: 'قميص', nameEn: null };
const dto = { sku: 'SH-M', barcodes: [], sellPrice: 1500 };

function setup(found: object | null) {
  const m = fakeManager([], { findOne: found });
  const runner = fakeRunner(m);
  const products = {
    insertVariant: jest.fn(async () => 'v-2'),
    getVariant: jest.fn(async () => ({ id: 'v-2', sku: 'SH-M' })),
  };
  return {
    runner,
    products,
    h: new AddVariantHandler(runner, products as unknown as ProductsService),
  };
}

describe('AddVariantHandler', () => {
  it('inserts the variant under the locked product and audits it as read back', async () => {
    const { runner, products, h } = setup(product);
    const user = testUser();
    expect(await h.execute(new AddVariantCommand('p-1', dto as never, user, testMeta))).toEqual({
      id: 'v-2',
      sku: 'SH-M',
    });
    expect(products.insertVariant).toHaveBeenCalledWith(expect.anything(), product, dto, user);
    expect(runner.tx!.audits).toEqual([
      {
        action: 'variant.create',
        entity: 'variant',
        entityId: 'v-2',
        after: { id: 'v-2', sku: 'SH-M' },
      },
    ]);
  });

  it('answers 404 for an unknown product', async () => {
    const { products, h } = setup(null);
    expect(
      await errorCode(h.execute(new AddVariantCommand('p-x', dto as never, testUser(), testMeta))),
    ).toBe('NOT_FOUND');
    expect(products.insertVariant).not.toHaveBeenCalled();
  });
});
