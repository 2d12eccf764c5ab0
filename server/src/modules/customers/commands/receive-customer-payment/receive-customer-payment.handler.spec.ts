import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import { vaultRow as cashVaultRow } from '../../../../core/cqrs/spec-rows';
import { ReceiveCustomerPaymentCommand } from './receive-customer-payment.command';
import { ReceiveCustomerPaymentHandler } from './receive-customer-payment.handler';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [
  [/^\s*SELECT customer_id FROM customer_ledger WHERE id = \$1/, []],
  [/^\s*SELECT s\.id, s\.number,/, []],
  [/^\s*SELECT id, type FROM payment_methods WHERE id = \$1 AND active AND type <> ALL\(\$2\)/, []],
  [/^\s*SELECT branch_id, active FROM vaults WHERE id = \$1/, []],
];

const dto = { id: 'p-1', methodId: 'cash', amount: 2500 };
const customer = [
  /FROM customers WHERE id = \$1 FOR UPDATE/,
  [{ id: 'c-1', balance: '10000', credit_limit: '0' }],
] as const;

describe('ReceiveCustomerPaymentHandler', () => {
  it('posts a negative ledger entry into the open shift and audits it', async () => {
    const m = fakeManager([
      [customer[0], [...customer[1]]],
      [/FROM payment_methods/, [{ id: 'cash' }]],
      [/FROM shifts/, [{ id: 's-1' }]],
      [/UPDATE customers SET balance/, [[{ balance: '7500' }]]],
      ...READS_ANSWERED_EMPTY,
    ]);
    const runner = fakeRunner(m);
    expect(
      await new ReceiveCustomerPaymentHandler(runner).execute(
        new ReceiveCustomerPaymentCommand('c-1', dto, testUser(), testMeta),
      ),
    ).toEqual({ created: true });
    const posted = m.calls.find((c) => /INSERT INTO customer_ledger/i.test(c.sql));
    expect(posted?.params).toEqual(expect.arrayContaining(['p-1', 'c-1', -2500, 's-1']));
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'customer.payment',
      entityId: 'c-1',
      after: dto,
    });
  });

  it('answers a retry of the same payment without posting it again, and refuses its id on another customer', async () => {
    const m = fakeManager([
      [/SELECT customer_id FROM customer_ledger/, [{ customer_id: 'c-1' }]],
      ...READS_ANSWERED_EMPTY,
    ]);
    expect(
      await new ReceiveCustomerPaymentHandler(fakeRunner(m)).execute(
        new ReceiveCustomerPaymentCommand('c-1', dto, testUser(), testMeta),
      ),
    ).toEqual({ created: false });
    expect(m.calls.some((c) => /INSERT/i.test(c.sql))).toBe(false);
    expect(
      await errorCode(
        new ReceiveCustomerPaymentHandler(fakeRunner(m)).execute(
          new ReceiveCustomerPaymentCommand('c-2', dto, testUser(), testMeta),
        ),
      ),
    ).toBe('SALE_ID_CONFLICT');
  });

  it('refuses a credit or inactive payment method', async () => {
    const m = fakeManager([[customer[0], [...customer[1]]], ...READS_ANSWERED_EMPTY]);
    expect(
      await errorCode(
        new ReceiveCustomerPaymentHandler(fakeRunner(m)).execute(
          new ReceiveCustomerPaymentCommand('c-1', dto, testUser(), testMeta),
        ),
      ),
    ).toBe('PAYMENT_METHOD_INVALID');
  });

  const vaultRow = cashVaultRow({ name: 'الخزينة الرئيسية', balance: '52500' });
  const intoVault = () =>
    fakeManager([
      [customer[0], [{ id: 'c-1', name: 'أحمد', balance: '10000', credit_limit: '0' }]],
      [/SELECT branch_id, active FROM vaults/, [{ branch_id: 'b-1', active: true }]],
      [/UPDATE vaults SET balance/, [[vaultRow]]],
      [/UPDATE customers SET balance/, [[{ balance: '7500' }]]],
      ...READS_ANSWERED_EMPTY,
    ]);
  const manager = testUser({ permissions: ['can_see_customers', 'can_see_totals'] });

  it('takes a payment into a vault of the branch: a movement, the vault on the ledger row, no shift', async () => {
    const m = intoVault();
    const runner = fakeRunner(m);
    const cmd = { id: 'p-2', amount: 2500, vaultId: 'v-1', note: ' على الحساب ' };
    expect(
      await new ReceiveCustomerPaymentHandler(runner).execute(
        new ReceiveCustomerPaymentCommand('c-1', cmd, manager, testMeta),
      ),
    ).toEqual({ created: true });
    expect(m.calls.some((c) => /FROM shifts/.test(c.sql))).toBe(false);
    expect(m.calls.some((c) => /FROM payment_methods/.test(c.sql))).toBe(false);
    const ledger = m.calls.find((c) => /INSERT INTO customer_ledger/.test(c.sql))!;
    expect(ledger.params).toEqual([
      'p-2',
      'c-1',
      'payment',
      -2500,
      7500,
      'payment',
      null,
      null,
      null,
      'u-1',
      'على الحساب',
      'v-1',
    ]);
    const movement = m.calls.find((c) => /INSERT INTO vault_movements/.test(c.sql))!;
    expect(movement.params.slice(1, 8)).toEqual([
      'v-1',
      'customer_payment',
      2500,
      52500,
      'customer',
      'c-1',
      'أحمد',
    ]);
    expect(runner.tx!.raised[0]).toMatchObject({
      type: 'customer.payment.received',
      payload: {
        paymentId: 'p-2',
        branchId: 'b-1',
        methodId: null,
        vaultId: 'v-1',
        accountId: 'acc-v1',
        shiftId: null,
        amount: 2500,
      },
    });
  });

  it('refuses a vault of another branch, an inactive one, and a user without can_see_totals', async () => {
    const run = (m: ReturnType<typeof fakeManager>, user = manager) =>
      errorCode(
        new ReceiveCustomerPaymentHandler(fakeRunner(m)).execute(
          new ReceiveCustomerPaymentCommand(
            'c-1',
            { id: 'p-3', amount: 100, vaultId: 'v-9' },
            user,
            testMeta,
          ),
        ),
      );
    const other = fakeManager([
      [customer[0], [...customer[1]]],
      [/SELECT branch_id, active FROM vaults/, [{ branch_id: 'b-2', active: true }]],
      ...READS_ANSWERED_EMPTY,
    ]);
    expect(await run(other)).toBe('CUSTOMER_PAYMENT_VAULT');
    expect(other.calls.some((c) => /INSERT|UPDATE (customers|vaults)/.test(c.sql))).toBe(false);
    const inactive = fakeManager([
      [customer[0], [...customer[1]]],
      [/SELECT branch_id, active FROM vaults/, [{ branch_id: 'b-1', active: false }]],
      ...READS_ANSWERED_EMPTY,
    ]);
    expect(await run(inactive)).toBe('CUSTOMER_PAYMENT_VAULT');
    expect(await run(fakeManager([[customer[0], [...customer[1]]], ...READS_ANSWERED_EMPTY]))).toBe(
      'CUSTOMER_PAYMENT_VAULT',
    );
    expect(await run(intoVault(), testUser({ permissions: ['can_see_customers'] }))).toBe(
      'CUSTOMER_PAYMENT_VAULT_FORBIDDEN',
    );
    // An administrator may take it into any branch's vault.
    const elsewhere = fakeManager([
      [customer[0], [...customer[1]]],
      [/SELECT branch_id, active FROM vaults/, [{ branch_id: 'b-2', active: true }]],
      [/UPDATE vaults SET balance/, [[{ ...vaultRow, id: 'v-9', branch_id: 'b-2' }]]],
      [/UPDATE customers SET balance/, [[{ balance: '9900' }]]],
      ...READS_ANSWERED_EMPTY,
    ]);
    expect(await run(elsewhere, testUser({ isAdmin: true, branchId: 'b-1' }))).toBe('ok');
  });
});
