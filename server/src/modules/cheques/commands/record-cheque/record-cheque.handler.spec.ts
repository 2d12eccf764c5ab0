import { DomainEventSubscribers } from '../../../../core/cqrs';
import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import { RecordChequeCommand } from './record-cheque.command';
import { RecordChequeHandler } from './record-cheque.handler';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [
  // the customer has no open invoice for the cheque to settle (issue 30 item 13)
  [/FROM sales_invoices s\s+WHERE s\.customer_id = \$1/, []],
  [/^\s*SELECT direction, customer_id, vendor_id FROM cheques WHERE id = \$1 FOR UPDATE/, []],
  [
    /^\s*SELECT 1 FROM cheques WHERE direction = \$1 AND lower\(bank\) = lower\(\$2\) AND number = \$3 AND status <> 'cancelled'/,
    [],
  ],
];

const dto = {
  id: 'ch-1',
  direction: 'received' as const,
  number: ' 1001 ',
  bank: 'بنك مصر',
  dueDate: '2026-12-01',
  amount: 5000,
  customerId: 'c-1',
};
const stubs = () =>
  fakeManager([
    [/FROM branches/, [{ id: 'b-1' }]],
    [
      /FROM customers WHERE id = \$1 FOR UPDATE/,
      [{ id: 'c-1', balance: '9000', credit_limit: '0' }],
    ],
    [
      /FROM vendors WHERE id = \$1 FOR UPDATE/,
      [{ id: 'v-1', balance: '9000', active: true, payment_terms_days: 0 }],
    ],
    [/UPDATE customers SET balance/, [[{ balance: '4000' }]]],
    [/UPDATE vendors SET balance/, [[{ balance: '4000' }]]],
    ...READS_ANSWERED_EMPTY,
  ]);
const run = (m: ReturnType<typeof fakeManager>, d: object, user = testUser()) => {
  const runner = fakeRunner(m, new DomainEventSubscribers());
  return {
    runner,
    result: new RecordChequeHandler(runner).execute(
      new RecordChequeCommand({ ...dto, ...d } as typeof dto, user, testMeta),
    ),
  };
};

describe('RecordChequeHandler', () => {
  it("records a customer's cheque as a payment on their ledger and raises cheque.recorded", async () => {
    const m = stubs();
    const { runner, result } = run(m, {});
    expect(await result).toEqual({ id: 'ch-1', created: true });
    const sql = m.calls.map((c) => c.sql);
    // the customer is locked before the cheque
    expect(sql.findIndex((s) => /customers WHERE id = \$1 FOR UPDATE/.test(s))).toBeLessThan(
      sql.findIndex((s) => /FROM cheques WHERE id = \$1 FOR UPDATE/.test(s)),
    );
    const inserted = m.calls.find((c) => /INSERT INTO cheques/.test(c.sql));
    expect(inserted?.params).toEqual(
      expect.arrayContaining(['ch-1', 'received', '1001', 'بنك مصر', 5000, 'c-1', null, 'b-1']),
    );
    const ledger = m.calls.find((c) => /INSERT INTO customer_ledger/.test(c.sql));
    expect(ledger?.params).toEqual(
      expect.arrayContaining(['c-1', 'payment', -5000, 'cheque', 'ch-1']),
    );
    expect(runner.tx!.raised[0]).toMatchObject({
      type: 'cheque.recorded',
      payload: {
        to: 'received',
        partyType: 'customer',
        partyId: 'c-1',
        amount: 5000,
        branchId: 'b-1',
      },
    });
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'cheque.record', entityId: 'ch-1' });
  });

  it("records a vendor's cheque on the vendor ledger", async () => {
    const m = stubs();
    const { runner, result } = run(m, {
      direction: 'issued',
      customerId: undefined,
      vendorId: 'v-1',
    });
    await result;
    const ledger = m.calls.find((c) => /INSERT INTO vendor_ledger/.test(c.sql));
    expect(ledger?.params).toEqual(
      expect.arrayContaining(['v-1', 'payment', -5000, 'cheque', 'ch-1', '1001']),
    );
    expect(runner.tx!.raised[0].payload).toMatchObject({ to: 'issued', partyType: 'vendor' });
  });

  it('refuses a cheque without its party, or with the wrong one', async () => {
    expect(await errorCode(run(stubs(), { customerId: undefined }).result)).toBe(
      'CHEQUE_PARTY_REQUIRED',
    );
    expect(await errorCode(run(stubs(), { vendorId: 'v-1' }).result)).toBe('CHEQUE_PARTY_REQUIRED');
  });

  it("refuses another branch's cheque for a non-admin and a duplicate live cheque", async () => {
    expect(await errorCode(run(stubs(), { branchId: 'b-2' }).result)).toBe('FORBIDDEN');
    const m = fakeManager([
      [/FROM branches/, [{ id: 'b-1' }]],
      [
        /FROM customers WHERE id = \$1 FOR UPDATE/,
        [{ id: 'c-1', balance: '0', credit_limit: '0' }],
      ],
      [/lower\(bank\) = lower/, [{ '?column?': 1 }]],
      ...READS_ANSWERED_EMPTY,
    ]);
    expect(await errorCode(run(m, {}).result)).toBe('CHEQUE_DUPLICATE');
    expect(m.calls.some((c) => /INSERT/.test(c.sql))).toBe(false);
  });

  it('answers a retry of the same cheque without recording it again', async () => {
    const m = fakeManager([
      [/FROM branches/, [{ id: 'b-1' }]],
      [
        /FROM customers WHERE id = \$1 FOR UPDATE/,
        [{ id: 'c-1', balance: '0', credit_limit: '0' }],
      ],
      [
        /SELECT direction, customer_id, vendor_id FROM cheques/,
        [{ direction: 'received', customer_id: 'c-1', vendor_id: null }],
      ],
      ...READS_ANSWERED_EMPTY,
    ]);
    expect(await run(m, {}).result).toEqual({ id: 'ch-1', created: false });
    expect(m.calls.some((c) => /INSERT/.test(c.sql))).toBe(false);
  });
});
