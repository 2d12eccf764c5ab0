import { errorCode, type QueryStub, testMeta, testUser } from '../../../../core/cqrs/testing';
import { untrackedVariants, withLedger } from '../../../../core/cqrs/handler.spec-fixture';
import type { BalanceChange, StockLedger } from '../../../inventory';
import { ReturnPurchaseCommand } from './return-purchase.command';
import { ReturnPurchaseHandler } from './return-purchase.handler';

const buyer = testUser({ permissions: ['can_buy_products', 'can_see_buy_price'] });

function setup(onHand: string, status = 'posted', stubs: QueryStub[] = []) {
  const stubbed: QueryStub[] = [
    ...stubs,
    untrackedVariants,
    [/SELECT vendor_id FROM purchase_invoices/, [{ vendor_id: 'vd-1' }]],
    [
      /FROM vendors WHERE id = \$1 FOR UPDATE/,
      [{ id: 'vd-1', name: 'مورد', balance: '0', active: true, payment_terms_days: 0 }],
    ],
    [
      /FROM purchase_invoices WHERE id = \$1 FOR UPDATE/,
      [
        {
          id: 'pi-1',
          number: 'B01-PI-000001',
          status,
          vendor_id: 'vd-1',
          branch_id: 'b-1',
          inventory_id: 'i-1',
          total: '6840',
          paid: '6840',
          returned: '0',
        },
      ],
    ],
    [
      /FROM purchase_invoice_lines l JOIN variants/,
      [
        {
          id: 'l-1',
          variant_id: 'v-1',
          quantity: '3.000',
          returned_quantity: '1.000',
          net: '6000',
          vat: '840',
          name: 'صنف',
        },
      ],
    ],
    [/FROM stock_levels\s+WHERE inventory_id/, [{ variant_id: 'v-1', on_hand: onHand }]],
    [/UPDATE vendors SET balance/, [[{ balance: '-4560' }], 1]],
    [/FROM branches WHERE id/, [{ code: 'B01' }]],
    [/document_sequences/, [{ last: 1 }]],
  ];
  const change: BalanceChange = {
    variantId: 'v-1',
    inventoryId: 'i-1',
    movementId: 'm-1',
    branchId: 'b-1',
    before: 5,
    onHand: 3,
    reserved: 0,
    lowStockThreshold: 0,
    crossedIntoLow: false,
    crossedOutOfLow: false,
    avgCost: 1800,
  };
  const { m, runner, ledger } = withLedger<StockLedger>(stubbed, [change]);
  return { m, runner, ledger, h: new ReturnPurchaseHandler(runner, ledger) };
}
const cmd = (quantity: number) =>
  new ReturnPurchaseCommand('pi-1', { lines: [{ lineId: 'l-1', quantity }] }, buyer, testMeta);

describe('ReturnPurchaseHandler', () => {
  it('returns at the line cost and values the stock out at the average', async () => {
    const { m, runner, ledger, h } = setup('5.000');
    const done = await h.execute(cmd(2));
    // the last 2 of 3: 6000 − 2000 net and 840 − 280 VAT
    expect(done.total).toBe(4000 + 560);
    expect(ledger.apply.mock.calls[0][1]).toEqual([
      expect.objectContaining({ quantity: '-2.000', reason: 'purchase_return', unitCost: 2000 }),
    ]);
    expect(runner.tx!.raised[0]).toMatchObject({
      type: 'purchase.returned',
      payload: { total: 4560, vat: 560, stockValue: 3600 },
    });
    // a paid invoice: nothing of it is open, the vendor owes the shop instead
    const settle = m.calls.find((c) => /SET returned = returned \+/.test(c.sql));
    expect(settle?.params).toEqual(['pi-1', 0]);
  });

  it('caps at what the line has left and at what is on hand', async () => {
    expect(await errorCode(setup('5.000').h.execute(cmd(3)))).toBe('PURCHASE_RETURN_TOO_MUCH');
    expect(await errorCode(setup('1.000').h.execute(cmd(2)))).toBe('PURCHASE_RETURN_TOO_MUCH');
    expect(await errorCode(setup('5.000', 'draft').h.execute(cmd(1)))).toBe('PURCHASE_NOT_POSTED');
  });
});
