import { DomainEventSubscribers } from '../../../../core/cqrs';
import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import { ticketManager } from '../spec-fixture';
import { CreateTicketCommand } from './create-ticket.command';
import { CreateTicketHandler } from './create-ticket.handler';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [
  [/^\s*SELECT customer_id FROM maintenance_tickets WHERE id = \$1 FOR UPDATE/, []],
  [/^\s*SELECT status, count\(\*\)::int AS n FROM maintenance_tickets/, []],
];

const dto = {
  id: 't-1',
  customerId: 'c-1',
  deviceType: 'phone' as const,
  brand: ' Apple ',
  problem: ' لا يشحن ',
};
const stubs: QueryStub[] = [
  [/FROM customers WHERE id/, [{ id: 'c-1' }]],
  [/FROM users WHERE id = \$1 AND active/, [{ '?column?': 1 }]],
  [/FROM vaults WHERE id = \$1$/, [{ '?column?': 1 }]],
];
const run = (d: object, m = ticketManager({}, stubs), user = testUser()) => {
  // the ticket lock answers "not seen yet" for a new id
  const runner = fakeRunner(m, new DomainEventSubscribers());
  return {
    m,
    runner,
    result: new CreateTicketHandler(runner).execute(
      new CreateTicketCommand({ ...dto, ...d } as typeof dto, user, testMeta),
    ),
  };
};
const fresh = () =>
  fakeManager([
    ...stubs,
    [/FROM branches/, [{ id: 'b-1', code: 'B01' }]],
    [/INSERT INTO document_sequences/, [{ last: 7 }]],
    [/FROM vaults WHERE branch_id = \$1 AND is_main/, [{ id: 'v-1', account_id: 'acc-v1' }]],
    [
      /FROM vaults WHERE id = \$1 FOR UPDATE/,
      [{ id: 'v-1', branch_id: 'b-1', active: true, account_id: 'acc-v1', balance: '0' }],
    ],
    [/UPDATE vaults SET balance/, [[{ id: 'v-1', branch_id: 'b-1', account_id: 'acc-v1' }]]],
    ...READS_ANSWERED_EMPTY,
  ]);

describe('CreateTicketHandler', () => {
  it("numbers the ticket in the branch's MN series and writes its intake history", async () => {
    const { m, runner, result } = run({}, fresh());
    expect(await result).toEqual({ id: 't-1', created: true });
    const insert = m.calls.find((c) => /INSERT INTO maintenance_tickets/.test(c.sql));
    expect(insert?.params).toEqual(
      expect.arrayContaining(['t-1', 'B01-MN-000007', 'b-1', 'c-1', 'phone', 'Apple', 'لا يشحن']),
    );
    expect(m.calls.some((c) => /INSERT INTO maintenance_events/.test(c.sql))).toBe(true);
    expect(runner.tx!.raised).toEqual([]);
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'maintenance.create', entityId: 't-1' });
  });

  it('takes a deposit into the main vault and raises it for the books', async () => {
    const { m, runner, result } = run({ deposit: 2500 }, fresh());
    await result;
    const move = m.calls.find((c) => /INSERT INTO vault_movements/.test(c.sql));
    expect(move?.params).toEqual(expect.arrayContaining(['v-1', 'maintenance_deposit', 2500]));
    expect(runner.tx!.raised[0]).toMatchObject({
      type: 'maintenance.money',
      payload: { kind: 'deposit', amount: 2500, vaultAccountId: 'acc-v1' },
    });
  });

  it('refuses a deposit above the estimate, another branch, and a bad warranty link', async () => {
    expect(await errorCode(run({ deposit: 5000, estimate: 4000 }, fresh()).result)).toBe(
      'MAINTENANCE_DEPOSIT_OVER_ESTIMATE',
    );
    expect(await errorCode(run({ branchId: 'b-2' }, fresh()).result)).toBe('FORBIDDEN');
    const m = fakeManager([
      ...stubs,
      [/FROM branches/, [{ id: 'b-1' }]],
      [/AS valid/, [{ number: 'B01-MN-000001', valid: false }]],
      ...READS_ANSWERED_EMPTY,
    ]);
    expect(await errorCode(run({ warrantyOfId: 't-0' }, m).result)).toBe(
      'MAINTENANCE_WARRANTY_INVALID',
    );
    expect(m.calls.some((c) => /INSERT/.test(c.sql))).toBe(false);
  });

  it('answers a retry of the same ticket without writing it again', async () => {
    const m = fakeManager([
      [/FROM branches/, [{ id: 'b-1' }]],
      [/SELECT customer_id FROM maintenance_tickets/, [{ customer_id: 'c-1' }]],
      ...READS_ANSWERED_EMPTY,
    ]);
    expect(await run({}, m).result).toEqual({ id: 't-1', created: false });
    expect(m.calls.some((c) => /INSERT/.test(c.sql))).toBe(false);
  });
});
