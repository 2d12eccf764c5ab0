import { errorCode, type QueryStub, testMeta, testUser } from '../../../../core/cqrs/testing';
import { withLedger } from '../../../../core/cqrs/handler.spec-fixture';
import type { StockLedger } from '../../../inventory';
import { CreateSaleCommand } from './create-sale.command';
import { SaleWriter } from '../../services/sale-writer';
import { SaleCoupons } from '../../../pricing';
import { noPricingRules } from '../../services/pricing.spec-fixture';
import { CreateSaleHandler, saleFingerprint } from './create-sale.handler';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [
  [/^\s*SELECT s\.id, s\.branch_id, s\.register, b\.code,/, []],
  [/^\s*SELECT request_hash FROM sales_invoices WHERE id = \$1/, []],
];

const variant = {
  id: 'v-1',
  sell_price: '1000',
  min_sell_price: '800',
  avg_cost: '600',
  active: true,
  vat_rate: 0,
  unit: 'piece',
  name_ar: 'قلم',
  properties: {},
  product_id: 'p-1',
  category_id: null,
};
const cash = { id: 'cash', type: 'cash', name_ar: 'نقدي', active: true };
const context: QueryStub = [
  /FOR SHARE OF s/,
  [
    {
      id: 's-1',
      branch_id: 'b-1',
      register: 1,
      code: 'B1',
      inventory_id: 'i-1',
      variants: [variant],
      methods: [cash],
      pricing_version: '1',
      customer_group_id: null,
    },
  ],
];
const dto = {
  id: 'sale-1',
  lines: [{ variantId: 'v-1', quantity: 2 }],
  payments: [{ methodId: 'cash', amount: 2500 }],
};

function setup(stubs: QueryStub[]) {
  const { m, runner, ledger } = withLedger<StockLedger>([...stubs, ...READS_ANSWERED_EMPTY]);
  return {
    m,
    runner,
    ledger,
    h: new CreateSaleHandler(runner, new SaleWriter(ledger, noPricingRules(), new SaleCoupons())),
  };
}

describe('CreateSaleHandler', () => {
  it('prices from the database, gives change from cash, and raises the sale with its money effects', async () => {
    const { runner, ledger, h } = setup([
      context,
      [/INSERT INTO sales_invoices/, [{ number: 'B1-R01-000001' }]],
    ]);
    expect(await h.execute(new CreateSaleCommand(dto as never, testUser(), testMeta))).toEqual({
      invoiceId: 'sale-1',
      created: true,
      // The invoice as written, for the answer (no read-back): the figures priced above.
      sale: expect.objectContaining({
        id: 'sale-1',
        status: 'completed',
        changeDue: 500,
        costTotal: 1200,
        returnsJson: [],
        linesJson: [expect.objectContaining({ lineNo: 1, returnedQuantity: 0 })],
      }),
    });
    expect(ledger.apply.mock.calls[0][1]).toEqual([
      expect.objectContaining({
        variantId: 'v-1',
        inventoryId: 'i-1',
        quantity: -2,
        reason: 'sale',
        unitCost: 600,
      }),
    ]);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'sale.create',
      entityId: 'sale-1',
      after: { number: 'B1-R01-000001', total: 2000, dueAmount: 0 },
    });
    expect(runner.tx!.raised[0]).toMatchObject({
      type: 'sale.completed',
      payload: {
        saleId: 'sale-1',
        total: 2000,
        costTotal: 1200,
        changeDue: 500,
        dueAmount: 0,
        payments: [{ methodId: 'cash', type: 'cash', amount: 2000 }],
      },
    });
    // The shift's live totals come from the tally's subscriber to sale.completed, not the handler.
    expect(runner.tx!.derived).toHaveLength(0);
  });

  it('needs an open shift, and a price change needs its permission', async () => {
    expect(
      await errorCode(
        setup([]).h.execute(new CreateSaleCommand(dto as never, testUser(), testMeta)),
      ),
    ).toBe('SHIFT_NOT_OPEN');
    const changed = { ...dto, lines: [{ variantId: 'v-1', quantity: 1, unitPrice: 900 }] };
    expect(
      await errorCode(
        setup([context]).h.execute(new CreateSaleCommand(changed as never, testUser(), testMeta)),
      ),
    ).toBe('PRICE_CHANGE_FORBIDDEN');
  });

  it('answers a retried sale id with the sale it made, and refuses the id for a different sale', async () => {
    const hash = saleFingerprint(dto as never, 'u-1');
    const failing: QueryStub = [/INSERT INTO sales_invoices/, new Error('duplicate key')];
    const again = setup([
      context,
      failing,
      [/SELECT request_hash FROM sales_invoices/, [{ request_hash: hash }]],
    ]);
    expect(
      await again.h.execute(new CreateSaleCommand(dto as never, testUser(), testMeta)),
    ).toEqual({ invoiceId: 'sale-1', created: false });
    const other = setup([
      context,
      failing,
      [/SELECT request_hash FROM sales_invoices/, [{ request_hash: 'another' }]],
    ]);
    expect(
      await errorCode(other.h.execute(new CreateSaleCommand(dto as never, testUser(), testMeta))),
    ).toBe('SALE_ID_CONFLICT');
  });
});
