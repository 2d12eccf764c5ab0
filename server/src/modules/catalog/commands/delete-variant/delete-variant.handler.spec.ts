import { StockLedger } from '../../../inventory';
import { errorCode, fakeManager, fakeRunner, testMeta } from '../../../../core/cqrs/testing';
import { DeleteVariantCommand } from './delete-variant.command';
import { DeleteVariantHandler } from './delete-variant.handler';

const variant = { id: 'v-1', sku: 'SH-S' };

describe('DeleteVariantHandler', () => {
  it('deletes an unused variant with its zero balances and audits it', async () => {
    const m = fakeManager([[/AS used/, [{ used: false }]]], { findOne: variant });
    const runner = fakeRunner(m);
    await new DeleteVariantHandler(runner, new StockLedger()).execute(
      new DeleteVariantCommand('v-1', testMeta),
    );
    expect(m.calls.some((c) => /DELETE FROM stock_levels WHERE variant_id = ANY/.test(c.sql))).toBe(
      true,
    );
    expect(m.calls.find((c) => c.sql === 'delete')?.params[1]).toEqual({ id: 'v-1' });
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'variant.delete', before: variant });
  });

  it('refuses a variant with stock history, and answers 404 for an unknown one', async () => {
    const used = fakeManager([[/AS used/, [{ used: true }]]], { findOne: variant });
    expect(
      await errorCode(
        new DeleteVariantHandler(fakeRunner(used), new StockLedger()).execute(
          new DeleteVariantCommand('v-1', testMeta),
        ),
      ),
    ).toBe('VARIANT_HAS_STOCK');
    expect(
      await errorCode(
        new DeleteVariantHandler(fakeRunner(fakeManager([])), new StockLedger()).execute(
          new DeleteVariantCommand('v-x', testMeta),
        ),
      ),
    ).toBe('NOT_FOUND');
  });
});
