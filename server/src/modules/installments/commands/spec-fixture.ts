import type { InstallmentSettings } from '@pos/contracts';
import { fakeManager, type FakeManager, type QueryStub } from '../../../core/cqrs/testing';
import { vaultRow } from '../../../core/cqrs/spec-rows';

// Reads of the handlers that their specs answer with no rows (the fake throws on SQL it has no
// stub for), after the stubs above.
const READS_ANSWERED_EMPTY: QueryStub[] = [
  [/^\s*SELECT c\.id FROM customers c JOIN installment_plans p ON p\.customer_id = c\.id/, []],
  [/^\s*SELECT plan_id, request_hash FROM installment_payments WHERE id = \$1/, []],
  [/^\s*SELECT p\.branch_id, count\(\*\)::int AS count,/, []],
  [/^\s*SELECT id FROM installment_plans WHERE id = ANY\(\$1\) ORDER BY id FOR UPDATE/, []],
  [/^\s*SELECT national_id FROM customers WHERE id = \$1/, []],
  [/^\s*SELECT 1 FROM installment_plans WHERE sale_id = \$1 AND parent_plan_id IS NULL/, []],
  [
    /^\s*SELECT COALESCE\(sum\(amount\), 0\)::bigint AS settled FROM customer_payment_allocations WHERE invoice_id = \$1/,
    [],
  ],
];

// Shared stubs of the installment handler specs: the store's settings row, "today", a plan of
// three installments of 1,000 EGP (the first overdue), its customer and a vault.

export const TODAY = '2026-03-15';

export const planRow = (over: object = {}) => ({
  id: 'p-1',
  number: 'B01-IP-000001',
  status: 'late',
  branch_id: 'b-1',
  customer_id: 'c-1',
  sale_id: 's-1',
  period: 'monthly',
  to_pay: '300000',
  discount: '0',
  ...over,
});

export const installmentRows = () => [
  {
    id: 'i-1',
    seq: 1,
    due_date: '2026-02-10',
    amount: '100000',
    interest: '10000',
    paid: '0',
    late_fee: '2000',
    late_fee_paid: '0',
    status: 'overdue',
  },
  {
    id: 'i-2',
    seq: 2,
    due_date: '2026-03-10',
    amount: '100000',
    interest: '10000',
    paid: '0',
    late_fee: '0',
    late_fee_paid: '0',
    status: 'overdue',
  },
  {
    id: 'i-3',
    seq: 3,
    due_date: '2026-04-10',
    amount: '100000',
    interest: '10000',
    paid: '0',
    late_fee: '0',
    late_fee_paid: '0',
    status: 'pending',
  },
];

export function installmentManager(
  stubs: QueryStub[],
  installments: Partial<InstallmentSettings> = {},
): FakeManager {
  const m = fakeManager([
    ...stubs,
    [/AS today/, [{ today: TODAY }]],
    [/FROM installment_plans WHERE id = \$1 FOR UPDATE/, [planRow()]],
    [/FROM installments WHERE plan_id = \$1 ORDER BY seq/, installmentRows()],
    [
      /FROM customers WHERE id = \$1 FOR UPDATE/,
      [{ id: 'c-1', balance: '302000', credit_limit: '0' }],
    ],
    [/SELECT 1 FROM vaults WHERE id/, [{ '?column?': 1 }]],
    [/FROM vaults WHERE id = \$1 FOR UPDATE/, [vaultRow()]],
    [/UPDATE vaults SET balance/, [[vaultRow({ balance: '1' })]]],
    [/UPDATE customers SET balance/, [[{ balance: '100' }]]],
    [/SELECT code FROM branches/, [{ code: 'B01' }]],
    [/INSERT INTO document_sequences/, [{ last: 7 }]],
    ...READS_ANSWERED_EMPTY,
  ]);
  Object.assign(m, {
    getRepository: () => ({
      findOneBy: async () => ({
        timeZone: 'Africa/Cairo',
        scaleBarcode: null,
        installments: {
          lateFee: { kind: 'none', value: 0, graceDays: 0 },
          earlySettlementDiscountBp: 0,
          ...installments,
        },
      }),
    }),
  });
  return m;
}

export const writes = (m: FakeManager, re: RegExp) => m.calls.filter((c) => re.test(c.sql));
export const didWrite = (m: FakeManager) =>
  m.calls.some(
    (c) => /^\s*(INSERT|UPDATE|DELETE)/.test(c.sql) && !/document_sequences/.test(c.sql),
  );
