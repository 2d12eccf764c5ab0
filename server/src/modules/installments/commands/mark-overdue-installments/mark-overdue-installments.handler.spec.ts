import { DomainEventSubscribers } from '../../../../core/cqrs';
import { fakeRunner } from '../../../../core/cqrs/testing';
import { didWrite, installmentManager, writes } from '../spec-fixture';
import { MarkOverdueInstallmentsCommand } from './mark-overdue-installments.command';
import { MarkOverdueInstallmentsHandler } from './mark-overdue-installments.handler';

const candidate = (over: object) => ({
  id: 'i-1',
  plan_id: 'p-1',
  number: 'B01-IP-000001',
  branch_id: 'b-1',
  customer_id: 'c-1',
  period: 'monthly',
  due_date: '2026-02-10',
  amount: '100000',
  late_fee: '0',
  status: 'pending',
  ...over,
});

const run = (m: ReturnType<typeof installmentManager>) => {
  const runner = fakeRunner(m, new DomainEventSubscribers());
  return {
    runner,
    result: new MarkOverdueInstallmentsHandler(runner).execute(
      new MarkOverdueInstallmentsCommand(),
    ),
  };
};

describe('MarkOverdueInstallmentsHandler', () => {
  it('marks past-due installments overdue, charges the late fee earned less what was charged, per plan', async () => {
    // 20 EGP a started month after 3 grace days; today 2026-03-15.
    const m = installmentManager(
      [
        [
          /FROM installments i JOIN installment_plans p ON p.id = i.plan_id\s+WHERE p.status IN/,
          [
            // 33 days late: 2 months → 40 EGP, 20 already charged → 20 more
            candidate({ status: 'overdue', late_fee: '2000' }),
            // 5 days late: 1 month → 20 EGP, newly overdue
            candidate({ id: 'i-2', due_date: '2026-03-10' }),
            // 2 days late, within grace: overdue, no fee
            candidate({ id: 'i-3', plan_id: 'p-2', customer_id: 'c-2', due_date: '2026-03-13' }),
          ],
        ],
        [/FROM branches ORDER BY id/, [{ id: 'b-1' }, { id: 'b-2' }]],
      ],
      { lateFee: { kind: 'fixed', value: 2000, graceDays: 3 } },
    );
    const { runner, result } = run(m);
    expect(await result).toEqual({ asOf: '2026-03-15', marked: 2, charged: 4000, plans: 2 });
    // Every customer locked (id order), then every plan (id order): a customer payment takes
    // the customer before the plans it settles.
    const sql = m.calls.map((c) => c.sql);
    const planLock = sql.findIndex((s) => /ORDER BY id FOR UPDATE/.test(s));
    expect(m.calls[planLock].params).toEqual([['p-1', 'p-2']]);
    expect(planLock).toBeGreaterThan(
      sql.findIndex((s) => /customers WHERE id = \$1 FOR UPDATE/.test(s)),
    );
    expect(writes(m, /UPDATE installments i SET status = 'overdue'/)[0].params).toEqual([
      ['i-1', 'i-2', 'i-3'],
      [2000, 2000, 0],
    ]);
    const ledger = writes(m, /INSERT INTO customer_ledger/).map((c) => c.params.slice(1, 4));
    expect(ledger).toEqual([['c-1', 'late_fee', 4000]]);
    expect(runner.tx!.raised.map((e) => e.payload)).toEqual([
      expect.objectContaining({ kind: 'late_fee', amount: 4000, planId: 'p-1' }),
    ]);
    expect(runner.tx!.events.map((e) => [e.branchId, e.type])).toEqual([
      ['b-1', 'installment.due'],
      ['b-2', 'installment.due'],
    ]);
  });

  it('writes nothing when every past-due installment is overdue and charged up to today', async () => {
    const m = installmentManager(
      [
        [
          /FROM installments i JOIN installment_plans p ON p.id = i.plan_id\s+WHERE p.status IN/,
          [candidate({ status: 'overdue', late_fee: '4000' })],
        ],
        [/FROM branches ORDER BY id/, [{ id: 'b-1' }]],
      ],
      { lateFee: { kind: 'fixed', value: 2000, graceDays: 3 } },
    );
    const { runner, result } = run(m);
    expect(await result).toMatchObject({ marked: 0, charged: 0, plans: 0 });
    expect(didWrite(m)).toBe(false);
    expect(runner.tx!.audits).toEqual([]);
    expect(runner.tx!.raised).toEqual([]);
  });
});
