import { errorCode, type QueryStub, testMeta, testUser } from '../../../../core/cqrs/testing';
import { withLedger } from '../../../../core/cqrs/handler.spec-fixture';
import { StockLedger } from '../../../inventory';
import { PostPurchaseInvoiceCommand } from './post-purchase-invoice.command';
import { PostPurchaseInvoiceHandler } from './post-purchase-invoice.handler';

const buyer = testUser({ permissions: ['can_buy_products', 'can_see_buy_price'] });
const header = (over: object = {}) => ({
  id: 'pi-1',
  number: 'B01-PI-000001',
  status: 'draft',
  vendor_id: 'vd-1',
  branch_id: 'b-1',
  inventory_id: 'i-1',
  invoice_date: '2026-11-25',
  ...over,
});

function setup(stubs: QueryStub[]) {
  const stubbed: QueryStub[] = [
    [/SELECT vendor_id FROM purchase_invoices/, [{ vendor_id: 'vd-1' }]],
    [
      /FROM vendors WHERE id = \$1 FOR UPDATE/,
      [{ id: 'vd-1', name: 'مورد', balance: '0', active: true, payment_terms_days: 30 }],
    ],
    ...stubs,
    // 10 held in this inventory at 10.00, 10 more in another branch's
    [
      /FROM purchase_invoice_lines WHERE invoice_id = \$1 ORDER BY line_no/,
      [{ variant_id: 'v-1', quantity: '20.000', net: '30000' }],
    ],
    [
      /sum\(round\(quantity \* unit_cost\)\)/,
      [{ subtotal: '30000', discount: '0', vat: '4200', total: '34200' }],
    ],
    [
      /FROM variants WHERE id = ANY\(\$1\) ORDER BY id FOR UPDATE/,
      [{ id: 'v-1', avg_cost: '1000' }],
    ],
    [
      /FROM stock_levels s JOIN inventories i/,
      [
        {
          variant_id: 'v-1',
          inventory_id: 'i-1',
          branch_id: 'b-1',
          on_hand: '10.000',
          reserved: '0',
        },
        {
          variant_id: 'v-1',
          inventory_id: 'i-2',
          branch_id: 'b-2',
          on_hand: '10.000',
          reserved: '0',
        },
      ],
    ],
    [/UPDATE vendors SET balance/, [[{ balance: '34200' }], 1]],
  ];
  const { m, runner, ledger } = withLedger<StockLedger>(stubbed, [], {
    lockBalances: StockLedger.prototype.lockBalances,
  });
  return { m, runner, ledger, h: new PostPurchaseInvoiceHandler(runner, ledger) };
}

describe('PostPurchaseInvoiceHandler', () => {
  it('moves the average over the stock of every inventory and values each branch at it', async () => {
    const { m, runner, ledger, h } = setup([
      [/FROM purchase_invoices WHERE id = \$1 FOR UPDATE/, [header()]],
    ]);
    await h.execute(new PostPurchaseInvoiceCommand('pi-1', {}, buyer, testMeta));
    // (20 × 10.00 + 300.00) / 40 = 12.50
    const update = m.calls.find((c) => /UPDATE variants v SET avg_cost/.test(c.sql));
    expect(update?.params).toEqual([['v-1'], [1250]]);
    expect(ledger.apply.mock.calls[0][1]).toEqual([
      expect.objectContaining({
        variantId: 'v-1',
        inventoryId: 'i-1',
        quantity: '20.000',
        reason: 'purchase',
        unitCost: 1500,
      }),
    ]);
    expect(runner.tx!.raised).toEqual([
      {
        type: 'purchase.posted',
        payload: expect.objectContaining({
          total: 34200,
          vat: 4200,
          // this branch: 30 × 12.50 − 10 × 10.00; the other: 10 × (12.50 − 10.00)
          inventory: [
            { branchId: 'b-1', amount: 27500 },
            { branchId: 'b-2', amount: 2500 },
          ],
          revaluation: 0,
          payment: null,
        }),
      },
    ]);
    // the vendor's ledger row locks the vendor first (lock order: vendor, invoice, stock)
    const order = m.calls.map((c) => c.sql);
    expect(order.findIndex((s) => /FROM vendors WHERE id/.test(s))).toBeLessThan(
      order.findIndex((s) => /FROM purchase_invoices WHERE id = \$1 FOR UPDATE/.test(s)),
    );
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'purchase.post' });
  });

  it('refuses a posted invoice, a user who may not see costs and a payment above the total', async () => {
    expect(
      await errorCode(
        setup([
          [/FROM purchase_invoices WHERE id = \$1 FOR UPDATE/, [header({ status: 'posted' })]],
        ]).h.execute(new PostPurchaseInvoiceCommand('pi-1', {}, buyer, testMeta)),
      ),
    ).toBe('PURCHASE_NOT_DRAFT');
    expect(
      await errorCode(
        setup([[/FROM purchase_invoices WHERE id = \$1 FOR UPDATE/, [header()]]]).h.execute(
          new PostPurchaseInvoiceCommand(
            'pi-1',
            {},
            testUser({ permissions: ['can_buy_products'] }),
            testMeta,
          ),
        ),
      ),
    ).toBe('PURCHASE_COST_HIDDEN');
    expect(
      await errorCode(
        setup([[/FROM purchase_invoices WHERE id = \$1 FOR UPDATE/, [header()]]]).h.execute(
          new PostPurchaseInvoiceCommand(
            'pi-1',
            { payment: { vaultId: 'vt-1', amount: 34201 } },
            buyer,
            testMeta,
          ),
        ),
      ),
    ).toBe('PURCHASE_PAYMENT_TOO_MUCH');
    // another branch's draft is not found for a user of branch b-1
    expect(
      await errorCode(
        setup([
          [/FROM purchase_invoices WHERE id = \$1 FOR UPDATE/, [header({ branch_id: 'b-9' })]],
        ]).h.execute(new PostPurchaseInvoiceCommand('pi-1', {}, buyer, testMeta)),
      ),
    ).toBe('NOT_FOUND');
  });
});
