import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import { vaultRow } from '../../../../core/cqrs/spec-rows';
import { PayVendorCommand } from './pay-vendor.command';
import { allocate, PayVendorHandler } from './pay-vendor.handler';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [
  [/^\s*SELECT vendor_id, number FROM vendor_payments WHERE id = \$1/, []],
];

const clerk = testUser({ branchId: 'b-1', permissions: ['can_see_vendors', 'can_see_totals'] });
const vendor: QueryStub = [
  /FROM vendors WHERE id = \$1 FOR UPDATE/,
  [{ id: 'v-1', name: 'مورد', balance: '30000', active: true, payment_terms_days: 0 }],
];
const open = [
  // answered in id order; the older invoice has the larger id
  {
    id: 'i-1',
    number: 'PI-2',
    vendor_id: 'v-1',
    status: 'posted',
    invoice_date: '2026-03-01',
    open: '10000',
  },
  {
    id: 'i-2',
    number: 'PI-1',
    vendor_id: 'v-1',
    status: 'posted',
    invoice_date: '2026-02-01',
    open: '15000',
  },
];
const stubs = (extra: QueryStub[] = []): QueryStub[] => [
  ...extra,
  vendor,
  [/FROM vaults WHERE branch_id = \$1 AND is_main/, [{ id: 'vault-1', account_id: 'acc-1' }]],
  [/FROM vaults WHERE id = \$1$/, [{ branch_id: 'b-1' }]],
  [/FROM purchase_invoices/, open],
  [/SELECT code FROM branches/, [{ code: 'B01' }]],
  [/INSERT INTO document_sequences/, [{ last: 7 }]],
  [/UPDATE vendors SET balance/, [[{ balance: '5000' }]]],
  [
    /UPDATE vaults SET balance/,
    [
      [
        vaultRow({
          id: 'vault-1',
          name: 'الخزينة الرئيسية',
          balance: '75000',
          account_id: 'acc-1',
        }),
      ],
    ],
  ],
];
const pay = (dto: object, user = clerk) =>
  new PayVendorCommand(
    'v-1',
    { id: 'p-1', amount: 25000, ...dto } as PayVendorCommand['dto'],
    user,
    testMeta,
  );
const writes = /^\s*(INSERT|UPDATE)/;
const sqlOf = (m: ReturnType<typeof fakeManager>, re: RegExp) =>
  m.calls.find((c) => re.test(c.sql));

describe('allocate', () => {
  it('fills invoices in the order given and keeps the rest unallocated', () => {
    const invoices = [
      { id: 'a', number: '1', open: 100 },
      { id: 'b', number: '2', open: 50 },
    ];
    expect(allocate(invoices, 120)).toEqual({
      allocations: [
        { invoiceId: 'a', amount: 100 },
        { invoiceId: 'b', amount: 20 },
      ],
      unallocated: 0,
    });
    expect(allocate(invoices, 200).unallocated).toBe(50);
    expect(allocate([], 10)).toEqual({ allocations: [], unallocated: 10 });
  });
});

describe('PayVendorHandler', () => {
  it('pays from the branch main vault, oldest invoice first, with ledger, movement, fact and audit', async () => {
    const m = fakeManager([...stubs(), ...READS_ANSWERED_EMPTY]);
    const runner = fakeRunner(m);
    expect(await new PayVendorHandler(runner).execute(pay({}))).toEqual({
      id: 'p-1',
      number: 'B01-VP-000007',
      created: true,
    });
    // the vendor is locked before the invoices, the invoices before the vault
    const order = [/FROM vendors WHERE id/, /FROM purchase_invoices/, /UPDATE vaults/].map((re) =>
      m.calls.findIndex((c) => re.test(c.sql)),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(sqlOf(m, /FROM purchase_invoices/)!.sql).toMatch(/ORDER BY id FOR UPDATE/);
    expect(sqlOf(m, /INSERT INTO vendor_ledger/)!.params).toEqual(
      expect.arrayContaining([
        'v-1',
        'payment',
        -25000,
        5000,
        'vendor_payment',
        'p-1',
        'B01-VP-000007',
      ]),
    );
    // PI-1 (February) is settled in full before PI-2 (March) gets the rest
    expect(sqlOf(m, /UPDATE purchase_invoices/)!.params).toEqual([
      ['i-2', 'i-1'],
      [15000, 10000],
    ]);
    expect(sqlOf(m, /INSERT INTO vault_movements/)!.params).toEqual(
      expect.arrayContaining(['vault-1', 'vendor_payment', -25000]),
    );
    expect(runner.tx!.raised).toEqual([
      {
        type: 'vendor.payment.made',
        payload: expect.objectContaining({
          paymentId: 'p-1',
          vendorId: 'v-1',
          vaultId: 'vault-1',
          accountId: 'acc-1',
          amount: 25000,
          allocated: 25000,
        }),
      },
    ]);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'vendor.payment',
      entity: 'vendor',
      entityId: 'v-1',
    });
  });

  it('settles only the picked invoices and keeps what is beyond them as an advance', async () => {
    const m = fakeManager([...stubs([[/WHERE id = ANY/, [open[0]]]]), ...READS_ANSWERED_EMPTY]);
    const runner = fakeRunner(m);
    await new PayVendorHandler(runner).execute(pay({ invoiceIds: ['i-1'] }));
    expect(sqlOf(m, /UPDATE purchase_invoices/)!.params).toEqual([['i-1'], [10000]]);
    expect(sqlOf(m, /INSERT INTO vendor_payments/)!.params.slice(5, 7)).toEqual([25000, 10000]);
    expect(runner.tx!.raised[0].payload).toMatchObject({ amount: 25000, allocated: 10000 });
  });

  it("refuses a picked invoice that is not this vendor's open one, writing nothing", async () => {
    const other = { ...open[0], vendor_id: 'v-2' };
    const m = fakeManager([...stubs([[/WHERE id = ANY/, [other]]]), ...READS_ANSWERED_EMPTY]);
    expect(
      await errorCode(new PayVendorHandler(fakeRunner(m)).execute(pay({ invoiceIds: ['i-1'] }))),
    ).toBe('VENDOR_INVOICE_NOT_OPEN');
    const settled = fakeManager([
      ...stubs([[/WHERE id = ANY/, [{ ...open[0], open: '0' }]]]),
      ...READS_ANSWERED_EMPTY,
    ]);
    expect(
      await errorCode(
        new PayVendorHandler(fakeRunner(settled)).execute(pay({ invoiceIds: ['i-1'] })),
      ),
    ).toBe('VENDOR_INVOICE_NOT_OPEN');
    expect(m.calls.some((c) => writes.test(c.sql))).toBe(false);
  });

  it("refuses another branch's vault unless the user is an administrator", async () => {
    const m = fakeManager([
      ...stubs([[/FROM vaults WHERE id = \$1$/, [{ branch_id: 'b-2' }]]]),
      ...READS_ANSWERED_EMPTY,
    ]);
    expect(
      await errorCode(new PayVendorHandler(fakeRunner(m)).execute(pay({ vaultId: 'vault-9' }))),
    ).toBe('VENDOR_PAYMENT_VAULT');
    const admin = testUser({ isAdmin: true, branchId: 'b-1' });
    const ok = fakeManager([
      ...stubs([[/FROM vaults WHERE id = \$1$/, [{ branch_id: 'b-2' }]]]),
      ...READS_ANSWERED_EMPTY,
    ]);
    expect(
      await errorCode(
        new PayVendorHandler(fakeRunner(ok)).execute(pay({ vaultId: 'vault-9' }, admin)),
      ),
    ).toBe('ok');
  });

  it('answers a retry of the same payment without paying again, and refuses its id on another vendor', async () => {
    const m = fakeManager([
      [
        /SELECT vendor_id, number FROM vendor_payments/,
        [{ vendor_id: 'v-1', number: 'B01-VP-000001' }],
      ],
      ...READS_ANSWERED_EMPTY,
    ]);
    expect(await new PayVendorHandler(fakeRunner(m)).execute(pay({}))).toEqual({
      id: 'p-1',
      number: 'B01-VP-000001',
      created: false,
    });
    expect(m.calls.some((c) => writes.test(c.sql))).toBe(false);
    const clash = fakeManager([
      [/SELECT vendor_id, number FROM vendor_payments/, [{ vendor_id: 'v-2', number: 'x' }]],
      ...READS_ANSWERED_EMPTY,
    ]);
    expect(await errorCode(new PayVendorHandler(fakeRunner(clash)).execute(pay({})))).toBe(
      'VENDOR_PAYMENT_ID_CONFLICT',
    );
  });

  it('passes on the vault refusing the withdrawal (not enough in it)', async () => {
    const m = fakeManager([
      [/UPDATE vaults SET balance/, [[]]],
      [
        /FROM vaults WHERE id = \$1 FOR UPDATE/,
        [{ id: 'vault-1', name: 'الخزينة', balance: '100', active: true, account_id: 'acc-1' }],
      ],
      ...stubs(),
      ...READS_ANSWERED_EMPTY,
    ]);
    expect(await errorCode(new PayVendorHandler(fakeRunner(m)).execute(pay({})))).toBe(
      'VAULT_INSUFFICIENT',
    );
  });
});
