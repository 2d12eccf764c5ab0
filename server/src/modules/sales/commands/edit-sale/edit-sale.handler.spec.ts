import { errorCode, type QueryStub, testMeta, testUser } from '../../../../core/cqrs/testing';
import { withLedger } from '../../../../core/cqrs/handler.spec-fixture';
import type { StockLedger } from '../../../inventory';
import { EditSaleCommand } from './edit-sale.command';
import { EditSaleHandler } from './edit-sale.handler';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [
  [/^\s*SELECT number FROM installment_plans WHERE sale_id = \$1 LIMIT 1/, []],
  // not paid by gift card before nor now (issue 33 item 5)
  [/AS gift$/, [{ gift: false }]],
  // no loyalty points moved by it nor paid now (issue 33 item 4)
  [/AS points$/, [{ points: false }]],
  // no serial or batch tracked goods sold nor sold now (issue 34)
  [/AS tracked$/, [{ tracked: false }]],
];

const invoice = {
  id: 'sale-1',
  branch_id: 'b-1',
  shift_id: 's-1',
  inventory_id: 'i-1',
  customer_id: null,
  due_amount: '0',
};
const dto = {
  reason: 'wrong size',
  lines: [{ variantId: 'v-1', quantity: 1 }],
  payments: [{ methodId: 'cash', amount: 1000 }],
};
const user = testUser({ permissions: ['can_edit_invoice'] });

function run(stubs: QueryStub[], who = user) {
  const { runner, ledger } = withLedger<StockLedger>([
    [/FROM sales_invoices WHERE id = \$1 FOR UPDATE/, [invoice]],
    ...stubs,
    ...READS_ANSWERED_EMPTY,
  ]);
  return errorCode(
    new EditSaleHandler(runner, ledger).execute(
      new EditSaleCommand('sale-1', dto as never, who, testMeta),
    ),
  );
}

describe('EditSaleHandler', () => {
  it('refuses an invoice that has returns', async () => {
    expect(await run([[/AS returns FROM sale_returns/, [{ returns: 1 }]]])).toBe(
      'INVOICE_HAS_RETURNS',
    );
  });

  it('refuses an invoice paid by gift card, or a card among the new payments', async () => {
    expect(
      await run([
        [/AS returns FROM sale_returns/, [{ returns: 0 }]],
        [/AS gift$/, [{ gift: true }]],
      ]),
    ).toBe('GIFT_CARD_EDIT');
  });

  it('refuses an invoice that moved loyalty points, or points among the new payments', async () => {
    expect(
      await run([
        [/AS returns FROM sale_returns/, [{ returns: 0 }]],
        [/AS points$/, [{ points: true }]],
      ]),
    ).toBe('LOYALTY_EDIT');
  });

  it('refuses an invoice of serial or batch tracked goods, or such goods among the new lines', async () => {
    expect(
      await run([
        [/AS returns FROM sale_returns/, [{ returns: 0 }]],
        [/AS tracked$/, [{ tracked: true }]],
      ]),
    ).toBe('TRACKED_EDIT');
  });

  it('refuses an invoice whose shift is closed (its Z report is fixed)', async () => {
    expect(
      await run([
        [/AS returns FROM sale_returns/, [{ returns: 0 }]],
        [/SELECT status FROM shifts/, [{ status: 'closed' }]],
      ]),
    ).toBe('INVOICE_SHIFT_CLOSED');
  });

  it("hides another branch's invoice", async () => {
    expect(await run([], testUser({ branchId: 'b-2', permissions: ['can_edit_invoice'] }))).toBe(
      'NOT_FOUND',
    );
  });
});
