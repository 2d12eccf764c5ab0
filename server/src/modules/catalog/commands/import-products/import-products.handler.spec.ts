import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import type { ImportReportDto } from '@pos/contracts';
import type { ParsedRow } from '../../services/excel.service';
import type { ProductsService } from '../../services/products.service';
import { ImportProductsCommand } from './import-products.command';
import { ImportProductsHandler } from './import-products.handler';

const row = (over: Partial<ParsedRow>): ParsedRow => ({
  row: 2,
  nameAr: 'قميص',
  nameEn: null,
  category: null,
  unit: 'piece',
  vatRate: 14,
  sku: null,
  barcodes: [],
  properties: {},
  sellPrice: 1000,
  minSellPrice: 0,
  avgCost: null,
  lowStockThreshold: 0,
  tracking: null,
  imeiCount: null,
  stock: null,
  columns: new Set(['nameAr', 'sellPrice']),
  ...over,
});

const counts = (created: number, updated: number): ImportReportDto => ({
  dryRun: true,
  totalRows: created + updated,
  created,
  updated,
  errors: [],
  preview: [],
});

function setup() {
  const m = Object.assign(
    fakeManager([[/SELECT id, name FROM categories/, [{ id: 'c-1', name: 'ملابس' }]]]),
    {
      create: (_: unknown, value: object) => value,
      findOneByOrFail: async (_: unknown, where: { id: string }) =>
        where.id === 'v-1'
          ? {
              id: 'v-1',
              productId: 'p-1',
              sku: 'OLD',
              sellPrice: 500,
              minSellPrice: 0,
              barcodes: [],
              properties: {},
            }
          : { id: 'p-1', nameAr: 'قميص', nameEn: null },
    },
  );
  const runner = fakeRunner(m);
  const products = { insertVariant: jest.fn(async () => 'v-new') };
  const h = new ImportProductsHandler(runner, products as unknown as ProductsService);
  return { m, runner, products, h };
}

describe('ImportProductsHandler', () => {
  it('makes one product per Arabic name, a category per unknown name, and audits the counts', async () => {
    const { m, runner, products, h } = setup();
    const progress = jest.fn(async () => undefined);
    const rows = [
      row({ row: 2, category: 'ملابس', properties: { المقاس: 'S' } }),
      row({ row: 3, category: 'أحذية', properties: { المقاس: 'M' } }),
    ];
    const answer = await h.execute(
      new ImportProductsCommand(rows, new Map(), counts(2, 0), testUser(), testMeta, progress),
    );
    const inserts = m.calls.filter((c) => c.sql === 'insert');
    // One new category (أحذية), one product for both rows.
    expect(inserts).toHaveLength(2);
    expect(inserts[0].params[1]).toMatchObject({ nameAr: 'قميص', categoryId: 'c-1' });
    expect(inserts[1].params[1]).toMatchObject({ name: 'أحذية', parentId: null });
    expect(products.insertVariant).toHaveBeenCalledTimes(2);
    expect(progress).toHaveBeenLastCalledWith(100);
    // the report, imported: what a retry under the same key answers
    expect(answer).toMatchObject({ dryRun: false, created: 2, updated: 0 });
    expect(runner.tx!.audits).toEqual([
      {
        action: 'product.import',
        entity: 'product',
        after: { rows: 2, created: 2, updated: 0 },
      },
    ]);
  });

  it('refuses a new store price for an existing SKU without the permission, writing no audit', async () => {
    const { runner, h } = setup();
    expect(
      await errorCode(
        h.execute(
          new ImportProductsCommand(
            [row({ sku: 'OLD', sellPrice: 900 })],
            new Map([['OLD', 'v-1']]),
            counts(0, 1),
            testUser(),
            testMeta,
          ),
        ),
      ),
    ).toBe('GLOBAL_PRICE_FORBIDDEN');
    expect(runner.tx!.audits).toHaveLength(0);
  });
});
