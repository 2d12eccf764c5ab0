import { errorCode, type QueryStub, testMeta, testUser } from '../../../../core/cqrs/testing';
import { untrackedVariants, withLedger } from '../../../../core/cqrs/handler.spec-fixture';
import type { StockLedger } from '../../../inventory';
import { buyer, draftInvoice } from '../purchase-invoice.spec-fixture';
import { SavePurchaseInvoiceCommand } from './save-purchase-invoice.command';
import { SavePurchaseInvoiceHandler } from './save-purchase-invoice.handler';

function setup(stubs: QueryStub[]) {
  const { m, runner, ledger } = withLedger<StockLedger>([
    untrackedVariants,
    ...stubs,
    [/SELECT id, branch_id FROM inventories/, [{ id: 'i-1', branch_id: 'b-1' }]],
    [/SELECT id FROM vendors/, [{ id: 'vd-1' }]],
    [/FROM variants v JOIN products p/, [{ id: 'v-1', vat_rate: '14.00' }]],
    [/FROM branches WHERE id/, [{ code: 'B01' }]],
    [/document_sequences/, [{ last: 1 }]],
    [/INSERT INTO purchase_invoices/, [draftInvoice()]],
  ]);
  (m as unknown as { getRepository: () => unknown }).getRepository = () => ({
    findOneBy: async () => ({ timeZone: 'Africa/Cairo' }),
  });
  return { m, runner, h: new SavePurchaseInvoiceHandler(runner, ledger) };
}
const dto = (over: object = {}) =>
  ({
    vendorId: 'vd-1',
    inventoryId: 'i-1',
    lines: [{ variantId: 'v-1', quantity: 3, unitCost: 1000, discount: 150 }],
    ...over,
  }) as never;

describe('SavePurchaseInvoiceHandler', () => {
  it('saves a draft priced like the screen, the VAT rate from the product', async () => {
    const { m, runner, h } = setup([]);
    await h.execute(new SavePurchaseInvoiceCommand(dto(), buyer, testMeta));
    const lines = m.calls.find((c) => /INSERT INTO purchase_invoice_lines/.test(c.sql));
    // rate 14 %, vat 399 on 2850, total 3249; no serials or lot (the product tracks none)
    expect(lines?.params.slice(7)).toEqual([[14], [399], [3249], [null]]);
    const totals = m.calls.find((c) => /SET subtotal = \$2/.test(c.sql));
    expect(totals?.params).toEqual(['pi-1', 3000, 150, 399, 3249]);
    expect(runner.tx!.raised).toEqual([]);
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'purchase.create' });
  });

  it('refuses costs to a user without can_see_buy_price, a discount above the line, another branch', async () => {
    expect(
      await errorCode(
        setup([]).h.execute(
          new SavePurchaseInvoiceCommand(
            dto(),
            testUser({ permissions: ['can_buy_products'] }),
            testMeta,
          ),
        ),
      ),
    ).toBe('PURCHASE_COST_HIDDEN');
    expect(
      await errorCode(
        setup([]).h.execute(
          new SavePurchaseInvoiceCommand(
            dto({ lines: [{ variantId: 'v-1', quantity: 1, unitCost: 100, discount: 101 }] }),
            buyer,
            testMeta,
          ),
        ),
      ),
    ).toBe('VALIDATION_FAILED');
    expect(
      await errorCode(
        setup([
          [/SELECT id, branch_id FROM inventories/, [{ id: 'i-2', branch_id: 'b-2' }]],
        ]).h.execute(new SavePurchaseInvoiceCommand(dto({ inventoryId: 'i-2' }), buyer, testMeta)),
      ),
    ).toBe('NOT_FOUND');
  });
});
