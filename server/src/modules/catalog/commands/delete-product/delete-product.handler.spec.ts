import { StockLedger } from '../../../inventory';
import { errorCode, fakeManager, fakeRunner, testMeta } from '../../../../core/cqrs/testing';
import { DeleteProductCommand } from './delete-product.command';
import { DeleteProductHandler } from './delete-product.handler';

const product = { id: 'p-1', nameAr: 'قميص' };
const variants = [{ id: 'v-1' }, { id: 'v-2' }];

describe('DeleteProductHandler', () => {
  it('deletes a product whose variants never moved, with their zero balances, and audits it', async () => {
    const m = fakeManager([[/AS used/, [{ used: false }]]], { findOne: product, find: variants });
    const runner = fakeRunner(m);
    await new DeleteProductHandler(runner, new StockLedger()).execute(
      new DeleteProductCommand('p-1', testMeta),
    );
    expect(m.calls.find((c) => /DELETE FROM stock_levels/.test(c.sql))?.params).toEqual([
      ['v-1', 'v-2'],
    ]);
    expect(m.calls.find((c) => c.sql === 'delete')?.params[1]).toEqual({ id: 'p-1' });
    expect(runner.tx!.audits).toEqual([
      { action: 'product.delete', entity: 'product', entityId: 'p-1', before: product },
    ]);
  });

  it('refuses when a variant has stock history, deleting nothing', async () => {
    const m = fakeManager([[/AS used/, [{ used: true }]]], { findOne: product, find: variants });
    expect(
      await errorCode(
        new DeleteProductHandler(fakeRunner(m), new StockLedger()).execute(
          new DeleteProductCommand('p-1', testMeta),
        ),
      ),
    ).toBe('VARIANT_HAS_STOCK');
    expect(m.calls.some((c) => /DELETE/i.test(c.sql))).toBe(false);
  });
});
