// The order and its lines as the purchase-order handler specs load them.
import { fakeManager, fakeRunner, type QueryStub, testUser } from '../../../core/cqrs/testing';

// Reads of the handlers that their specs answer with no rows (the fake throws on SQL it has no
// stub for), after the stubs above.
const READS_ANSWERED_EMPTY: QueryStub[] = [
  [
    /^\s*SELECT p\.name_ar FROM variants v JOIN products p ON p\.id = v\.product_id WHERE v\.id = \$1/,
    [],
  ],
];

export const order = (status: string, branchId = 'b-1') => ({
  id: 'po-1',
  number: 'B01-PO-000001',
  status,
  vendor_id: 'vd-1',
  branch_id: branchId,
  inventory_id: 'i-1',
  expected_date: null,
  note: null,
});

export const orderLines = (received = ['0.000', '0.000']) => [
  {
    id: 'l-1',
    variant_id: 'v-1',
    quantity: '10.000',
    received_quantity: received[0],
    name_ar: 'أرز',
  },
  {
    id: 'l-2',
    variant_id: 'v-2',
    quantity: '4.000',
    received_quantity: received[1],
    name_ar: 'سكر',
  },
];

/** Variants as prepareLines reads them: v-1 last ordered at 900, v-2 never ordered (average 500). */
export const variantRows: QueryStub = [
  /FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = ANY/,
  (params) =>
    [
      { id: 'v-1', unit: 'piece', name_ar: 'أرز', avg_cost: '800', last_cost: '900' },
      { id: 'v-2', unit: 'kg', name_ar: 'سكر', avg_cost: '500', last_cost: null },
    ].filter((v) => (params[0] as string[]).includes(v.id)),
];

export const activeVendors: QueryStub = [
  /FROM vendors WHERE id = ANY/,
  (params) =>
    (params[0] as string[]).map((id) => ({ id, name: `مورد ${id}`, active: id !== 'vd-off' })),
];

export function setup(status: string, more: QueryStub[] = [], received?: string[]) {
  const m = fakeManager([
    [/FROM purchase_orders WHERE id = \$1 FOR UPDATE/, [order(status)]],
    [/FROM purchase_order_lines l JOIN variants v/, orderLines(received)],
    [/SELECT id, branch_id FROM inventories/, [{ id: 'i-1', branch_id: 'b-1' }]],
    [/document_sequences/, [{ last: 7 }]],
    [/code FROM branches/, [{ code: 'B01' }]],
    variantRows,
    activeVendors,
    ...more,
    ...READS_ANSWERED_EMPTY,
  ]);
  return { m, runner: fakeRunner(m) };
}

export const buyer = testUser({ branchId: 'b-1', permissions: ['can_buy_products'] });
export const costBuyer = testUser({
  branchId: 'b-1',
  permissions: ['can_buy_products', 'can_see_buy_price'],
});
