import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import type { ProductsService } from '../../services/products.service';
import { UpdateProductCommand } from './update-product.command';
import { UpdateProductHandler } from './update-product.handler';

const product = { id: 'p-1', nameAr: 'قميص', nameEn: null, active: true };
const variant = { id: 'v-1', properties: { size: 'S' }, sku: 'SH-S', barcodes: ['123'] };

function setup(found: object | null = product) {
  const m = fakeManager([], { findOne: found, find: [variant] });
  const runner = fakeRunner(m);
  const products = { get: jest.fn(async () => ({ id: 'p-1' })) };
  return {
    m,
    runner,
    h: new UpdateProductHandler(runner, products as unknown as ProductsService),
  };
}

describe('UpdateProductHandler', () => {
  it('patches the trimmed fields, renews the variants’ search text on a rename, audits before/after', async () => {
    const { m, runner, h } = setup();
    await h.execute(
      new UpdateProductCommand('p-1', { nameAr: ' بلوزة ' } as never, testUser(), testMeta),
    );
    const updates = m.calls.filter((c) => c.sql === 'update');
    expect(updates[0].params.slice(1)).toEqual([{ id: 'p-1' }, { nameAr: 'بلوزة' }]);
    expect(updates[1].params[1]).toEqual({ id: 'v-1' });
    expect((updates[1].params[2] as { searchText: string }).searchText).toContain('بلوز');
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'product.update',
      entityId: 'p-1',
      before: product,
      after: { ...product, nameAr: 'بلوزة' },
    });
  });

  it('leaves the variants alone when the name stays, and answers 404 for an unknown product', async () => {
    const { m, h } = setup();
    await h.execute(
      new UpdateProductCommand('p-1', { active: false } as never, testUser(), testMeta),
    );
    expect(m.calls.filter((c) => c.sql === 'update')).toHaveLength(1);
    expect(
      await errorCode(
        setup(null).h.execute(
          new UpdateProductCommand('p-x', { active: false } as never, testUser(), testMeta),
        ),
      ),
    ).toBe('NOT_FOUND');
  });
});
