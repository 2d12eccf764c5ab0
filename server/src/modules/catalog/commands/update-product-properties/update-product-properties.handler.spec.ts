import { StockLedger } from '../../../inventory';
import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import type { ProductsService } from '../../services/products.service';
import { UpdateProductPropertiesCommand } from './update-product-properties.command';
import { UpdateProductPropertiesHandler } from './update-product-properties.handler';

const product = { id: 'p-1', nameAr: 'قميص', nameEn: null, propertyTypeIds: ['pt-size'] };
const size = (values: string[]) => ({ id: 'pt-size', name: 'المقاس', values });
const small = { id: 'v-1', sku: 'SH-S', properties: { المقاس: 'S' }, active: true, barcodes: [] };
const user = testUser({ permissions: ['can_manage_products'] });

function setup(values: string[], found: object | null = product) {
  const m = fakeManager([[/FROM variants WHERE product_id = \$1/, [small]]], {
    findOne: found,
    find: [size(values)],
  });
  const products = {
    insertVariant: jest.fn(async () => 'v-new'),
    get: jest.fn(async () => ({ id: 'p-1' })),
  };
  const runner = fakeRunner(m);
  return {
    m,
    runner,
    products,
    h: new UpdateProductPropertiesHandler(
      runner,
      products as unknown as ProductsService,
      new StockLedger(),
    ),
  };
}
const cmd = (values: string[], variants: object[]) =>
  new UpdateProductPropertiesCommand(
    'p-1',
    { axes: [{ propertyTypeId: 'pt-size', values }], variants } as never,
    user,
    testMeta,
  );

describe('UpdateProductPropertiesHandler', () => {
  it('creates the one missing combination, adds the new value to its type, and audits both', async () => {
    const { runner, products, h } = setup(['S']);
    const result = await h.execute(
      cmd(['S', 'M'], [{ properties: { المقاس: 'M' }, barcodes: [] }]),
    );
    expect(result).toMatchObject({ created: 1, reactivated: 0, deactivated: 0, deleted: 0 });
    expect(products.insertVariant).toHaveBeenCalledWith(
      expect.anything(),
      product,
      expect.objectContaining({ properties: { المقاس: 'M' } }),
      user,
    );
    expect(runner.tx!.audits.map((a) => a.action)).toEqual([
      'property-type.update',
      'product.properties.update',
    ]);
    expect(runner.tx!.audits[0].after).toMatchObject({ values: ['S', 'M'] });
  });

  it('needs exactly one variant for each missing combination', async () => {
    expect(await errorCode(setup(['S', 'M']).h.execute(cmd(['S', 'M'], [])))).toBe(
      'VARIANT_GRID_MISMATCH',
    );
    expect(
      await errorCode(
        setup(['S', 'M']).h.execute(
          cmd(['S', 'M'], [{ properties: { المقاس: 'X' }, barcodes: [] }]),
        ),
      ),
    ).toBe('VARIANT_GRID_MISMATCH');
  });

  it('refuses an unknown product and a property type with too many values', async () => {
    expect(await errorCode(setup(['S'], null).h.execute(cmd(['S'], [])))).toBe('NOT_FOUND');
    const full = Array.from({ length: 200 }, (_, i) => `v${i}`);
    expect(
      await errorCode(
        setup([...full.slice(0, 199), 'S']).h.execute(
          cmd(
            ['S', 'M', 'L'],
            [
              { properties: { المقاس: 'M' }, barcodes: [] },
              { properties: { المقاس: 'L' }, barcodes: [] },
            ],
          ),
        ),
      ),
    ).toBe('PROPERTY_VALUES_TOO_MANY');
  });
});
