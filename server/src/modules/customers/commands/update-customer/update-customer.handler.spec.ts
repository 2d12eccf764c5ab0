import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { UpdateCustomerCommand } from './update-customer.command';
import { UpdateCustomerHandler } from './update-customer.handler';

const customer = { id: 'c-1', name: 'أحمد', phone: '0100', phone2: null, creditLimit: '5000' };

describe('UpdateCustomerHandler', () => {
  it('patches the customer, renews its search text, and audits before/after', async () => {
    const m = fakeManager([], { findOne: customer });
    const runner = fakeRunner(m);
    // The same credit limit again is no grant: allowed without can_grant_credit.
    await new UpdateCustomerHandler(runner).execute(
      new UpdateCustomerCommand('c-1', { phone: '0111', creditLimit: 5000 }, testUser(), testMeta),
    );
    const patch = m.calls.find((c) => c.sql === 'update')?.params[2] as Record<string, unknown>;
    expect(patch).toMatchObject({ phone: '0111', searchText: expect.stringContaining('0111') });
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'customer.update',
      entityId: 'c-1',
      before: customer,
      after: { phone: '0111' },
    });
  });

  it('refuses a new credit limit without can_grant_credit, and answers 404 for an unknown customer', async () => {
    const m = fakeManager([], { findOne: customer });
    expect(
      await errorCode(
        new UpdateCustomerHandler(fakeRunner(m)).execute(
          new UpdateCustomerCommand('c-1', { creditLimit: 9000 }, testUser(), testMeta),
        ),
      ),
    ).toBe('CREDIT_LIMIT_FORBIDDEN');
    expect(m.calls.some((c) => c.sql === 'update')).toBe(false);
    expect(
      await errorCode(
        new UpdateCustomerHandler(fakeRunner(fakeManager([]))).execute(
          new UpdateCustomerCommand('c-x', { phone: '1' }, testUser(), testMeta),
        ),
      ),
    ).toBe('NOT_FOUND');
  });
});
