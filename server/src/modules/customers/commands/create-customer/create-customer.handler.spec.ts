import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { CreateCustomerCommand } from './create-customer.command';
import { CreateCustomerHandler } from './create-customer.handler';

describe('CreateCustomerHandler', () => {
  it('inserts the customer with a zero balance and its search text, and audits the request', async () => {
    const m = fakeManager([]);
    const runner = fakeRunner(m);
    const dto = { name: ' أحمد ', phone: '0100', creditLimit: 50000 };
    const id = await new CreateCustomerHandler(runner).execute(
      new CreateCustomerCommand(dto, testUser({ permissions: ['can_grant_credit'] }), testMeta),
    );
    expect(m.calls.find((c) => c.sql === 'insert')?.params[1]).toMatchObject({
      id,
      name: 'أحمد',
      creditLimit: 50000,
      balance: 0,
      searchText: expect.stringContaining('0100'),
    });
    expect(runner.tx!.audits).toEqual([
      { action: 'customer.create', entity: 'customer', entityId: id, after: dto },
    ]);
  });

  it('refuses a credit limit from a user without can_grant_credit, writing nothing', async () => {
    const m = fakeManager([]);
    expect(
      await errorCode(
        new CreateCustomerHandler(fakeRunner(m)).execute(
          new CreateCustomerCommand({ name: 'x', creditLimit: 100 }, testUser(), testMeta),
        ),
      ),
    ).toBe('CREDIT_LIMIT_FORBIDDEN');
    expect(m.calls).toHaveLength(0);
  });
});
