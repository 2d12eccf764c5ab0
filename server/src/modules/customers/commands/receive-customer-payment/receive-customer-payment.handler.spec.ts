import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { ReceiveCustomerPaymentCommand } from './receive-customer-payment.command';
import { ReceiveCustomerPaymentHandler } from './receive-customer-payment.handler';

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
    const m = fakeManager([[/SELECT customer_id FROM customer_ledger/, [{ customer_id: 'c-1' }]]]);
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
    const m = fakeManager([[customer[0], [...customer[1]]]]);
    expect(
      await errorCode(
        new ReceiveCustomerPaymentHandler(fakeRunner(m)).execute(
          new ReceiveCustomerPaymentCommand('c-1', dto, testUser(), testMeta),
        ),
      ),
    ).toBe('PAYMENT_METHOD_INVALID');
  });
});
