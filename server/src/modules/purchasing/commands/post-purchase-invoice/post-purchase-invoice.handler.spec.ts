import type { PurchaseInvoicePostDto } from '@pos/contracts';
import { errorCode, type QueryStub, testMeta, testUser } from '../../../../core/cqrs/testing';
import { untrackedVariants, withLedger } from '../../../../core/cqrs/handler.spec-fixture';
import { StockLedger } from '../../../inventory';
import { buyer, draftInvoice } from '../purchase-invoice.spec-fixture';
import { PostPurchaseInvoiceCommand } from './post-purchase-invoice.command';
import { PostPurchaseInvoiceHandler } from './post-purchase-invoice.handler';

function setup(stubs: QueryStub[]) {
  const stubbed: QueryStub[] = [
    untrackedVariants,
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

/** The code posting the invoice `row` answers, with `dto`, by `user`. */
const refusal = (row: object, dto: PurchaseInvoicePostDto = {}, user = buyer) =>
  errorCode(
    setup([[/FROM purchase_invoices WHERE id = \$1 FOR UPDATE/, [row]]]).h.execute(
      new PostPurchaseInvoiceCommand('pi-1', dto, user, testMeta),
    ),
  );

describe('PostPurchaseInvoiceHandler', () => {
  it('moves the average over the stock of every inventory and values each branch at it', async () => {
    const { m, runner, ledger, h } = setup([
      [/FROM purchase_invoices WHERE id = \$1 FOR UPDATE/, [draftInvoice()]],
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
    expect(await refusal(draftInvoice({ status: 'posted' }))).toBe('PURCHASE_NOT_DRAFT');
    const blind = testUser({ permissions: ['can_buy_products'] });
    expect(await refusal(draftInvoice(), {}, blind)).toBe('PURCHASE_COST_HIDDEN');
    expect(await refusal(draftInvoice(), { payment: { vaultId: 'vt-1', amount: 34201 } })).toBe(
      'PURCHASE_PAYMENT_TOO_MUCH',
    );
    // another branch's draft is not found for a user of branch b-1
    expect(await refusal(draftInvoice({ branch_id: 'b-9' }))).toBe('NOT_FOUND');
  });
});
