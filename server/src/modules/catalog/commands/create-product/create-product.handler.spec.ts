import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import type { ProductsService } from '../../services/products.service';
import { CreateProductCommand } from './create-product.command';
import { CreateProductHandler } from './create-product.handler';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [[/^\s*SELECT 1 FROM categories WHERE id = \$1/, []]];

const variant = (sku: string, barcodes: string[] = []) => ({ sku, barcodes, sellPrice: 1000 });

function setup(stubs: Parameters<typeof fakeManager>[0] = []) {
  const m = fakeManager([...stubs, ...READS_ANSWERED_EMPTY]);
  const runner = fakeRunner(m);
  const products = {
    insertVariant: jest.fn(async () => 'v-1'),
    get: jest.fn(async (id: string) => ({ id, nameAr: 'قميص', variants: [{ id: 'v-1' }] })),
  };
  const h = new CreateProductHandler(runner, products as unknown as ProductsService);
  return { m, runner, products, h };
}

describe('CreateProductHandler', () => {
  it('inserts the product with its defaults, each variant, and audits the product read back', async () => {
    const { m, runner, products, h } = setup();
    const dto = { nameAr: ' قميص ', variants: [variant('A'), variant('B')] };
    const result = await h.execute(new CreateProductCommand(dto as never, testUser(), testMeta));
    const inserted = m.calls.find((c) => c.sql === 'insert')?.params[1] as { id: string };
    expect(inserted).toMatchObject({ nameAr: 'قميص', unit: 'piece', vatRate: 14, active: true });
    expect(products.insertVariant).toHaveBeenCalledTimes(2);
    expect(result.id).toBe(inserted.id);
    expect(runner.tx!.audits).toEqual([
      {
        action: 'product.create',
        entity: 'product',
        entityId: inserted.id,
        after: { ...result, variants: 1 },
      },
    ]);
  });

  it('refuses a SKU or a barcode given twice in the request, and an unknown category', async () => {
    expect(
      await errorCode(
        setup().h.execute(
          new CreateProductCommand(
            { nameAr: 'x', variants: [variant('A'), variant('A')] } as never,
            testUser(),
            testMeta,
          ),
        ),
      ),
    ).toBe('SKU_TAKEN');
    expect(
      await errorCode(
        setup().h.execute(
          new CreateProductCommand(
            { nameAr: 'x', variants: [variant('A', ['1']), variant('B', ['1'])] } as never,
            testUser(),
            testMeta,
          ),
        ),
      ),
    ).toBe('BARCODE_TAKEN');
    const { m, h } = setup();
    expect(
      await errorCode(
        h.execute(
          new CreateProductCommand(
            { nameAr: 'x', categoryId: 'c-x', variants: [] } as never,
            testUser(),
            testMeta,
          ),
        ),
      ),
    ).toBe('VALIDATION_FAILED');
    expect(m.calls.some((c) => c.sql === 'insert')).toBe(false);
  });
});
