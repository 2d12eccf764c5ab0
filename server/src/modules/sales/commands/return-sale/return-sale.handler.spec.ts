import { errorCode, type QueryStub, testMeta, testUser } from '../../../../core/cqrs/testing';
import { withLedger } from '../../../../core/cqrs/handler.spec-fixture';
import type { StockLedger } from '../../../inventory';
import { ReturnSaleCommand } from './return-sale.command';
import { SaleWriter } from '../../services/sale-writer';
import { SaleCoupons } from '../../../pricing';
import { noPricingRules } from '../../services/pricing.spec-fixture';
import { ReturnSaleHandler } from './return-sale.handler';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [
  [/^\s*SELECT request_hash FROM sale_returns WHERE id = \$1/, []],
  [
    /^\s*SELECT number FROM installment_plans WHERE sale_id = \$1 AND status IN \('active', 'late'\) LIMIT 1/,
    [],
  ],
  [/^\s*SELECT id, branch_id FROM shifts WHERE cashier_id = \$1 AND status = 'open'/, []],
];

const shift: QueryStub = [
  /FROM shifts WHERE cashier_id = \$1 AND status = 'open'/,
  [{ id: 's-1', branch_id: 'b-1' }],
];
const invoice = (over: object = {}): QueryStub => [
  /FROM sales_invoices WHERE id = \$1 FOR UPDATE/,
  [
    {
      id: 'sale-1',
      branch_id: 'b-1',
      inventory_id: 'i-1',
      customer_id: null,
      due_amount: '0',
      ...over,
    },
  ],
];
const sold: QueryStub = [
  /FROM sale_lines l JOIN variants/,
  [
    {
      id: 'l-1',
      variant_id: 'v-1',
      quantity: '3.000',
      returned_quantity: '1.000',
      line_total: '3000',
      vat_amount: '0',
      unit_cost: '600',
      name_ar: 'قلم',
    },
  ],
];
const common: QueryStub[] = [
  [/document_sequences/, [{ last: 4 }]],
  [/code FROM branches/, [{ code: 'B1' }]],
  [/returned_quantity < quantity/, [{ open: 1 }]],
];

function setup(stubs: QueryStub[]) {
  const { m, runner, ledger } = withLedger<StockLedger>([
    ...stubs,
    ...common,
    ...READS_ANSWERED_EMPTY,
  ]);
  return {
    m,
    runner,
    ledger,
    h: new ReturnSaleHandler(runner, new SaleWriter(ledger, noPricingRules(), new SaleCoupons())),
  };
}
const cmd = (dto: object) =>
  new ReturnSaleCommand('sale-1', { id: 'ret-1', ...dto } as never, testUser(), testMeta);

describe('ReturnSaleHandler', () => {
  it('returns at the sold price into the sale inventory and refunds cash by default', async () => {
    const { m, runner, ledger, h } = setup([
      shift,
      invoice(),
      sold,
      [/type = 'cash' AND active/, [{ id: 'cash' }]],
      [/SELECT id, type FROM payment_methods WHERE id = ANY/, [{ id: 'cash', type: 'cash' }]],
    ]);
    expect(await h.execute(cmd({ lines: [{ saleLineId: 'l-1', quantity: 1 }] }))).toEqual({
      returnId: 'ret-1',
      created: true,
    });
    expect(ledger.apply.mock.calls[0][1]).toEqual([
      expect.objectContaining({
        variantId: 'v-1',
        inventoryId: 'i-1',
        quantity: 1,
        reason: 'return',
      }),
    ]);
    const refund = m.calls.find((c) => /'refund'/.test(c.sql))!;
    expect(refund.params[3]).toEqual([1000]);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'sale.return',
      after: { total: 1000, creditReduction: 0 },
    });
  });

  it('never returns more than sold minus already returned', async () => {
    expect(
      await errorCode(
        setup([shift, invoice(), sold]).h.execute(
          cmd({ lines: [{ saleLineId: 'l-1', quantity: 3 }] }),
        ),
      ),
    ).toBe('RETURN_EXCEEDS_SOLD');
  });

  it('needs an open shift and refunds that add up to the return', async () => {
    expect(
      await errorCode(setup([]).h.execute(cmd({ lines: [{ saleLineId: 'l-1', quantity: 1 }] }))),
    ).toBe('SHIFT_NOT_OPEN');
    const wrong = cmd({
      lines: [{ saleLineId: 'l-1', quantity: 1 }],
      refunds: [{ methodId: 'cash', amount: 900 }],
    });
    expect(await errorCode(setup([shift, invoice(), sold]).h.execute(wrong))).toBe(
      'REFUND_MISMATCH',
    );
  });
});
