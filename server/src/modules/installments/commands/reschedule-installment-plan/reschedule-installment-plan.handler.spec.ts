import { DomainEventSubscribers } from '../../../../core/cqrs';
import { errorCode, fakeRunner, testMeta, testUser } from '../../../../core/cqrs/testing';
import { didWrite, installmentManager, planRow, writes } from '../spec-fixture';
import { RescheduleInstallmentPlanCommand } from './reschedule-installment-plan.command';
import { RescheduleInstallmentPlanHandler } from './reschedule-installment-plan.handler';

const dto = {
  id: 'p-2',
  count: 4,
  period: 'weekly' as const,
  firstDueDate: '2026-03-22',
  monthlyRateBp: 0,
  fee: 1000,
};
const run = (m: ReturnType<typeof installmentManager>) => {
  const runner = fakeRunner(m, new DomainEventSubscribers());
  const result = new RescheduleInstallmentPlanHandler(runner).execute(
    new RescheduleInstallmentPlanCommand(
      'p-1',
      dto,
      testUser({ permissions: ['can_see_installments'] }),
      testMeta,
    ),
  );
  return { runner, result };
};

describe('RescheduleInstallmentPlanHandler', () => {
  it('finances what remains (late fees in) in a child plan and keeps the old one as history', async () => {
    const m = installmentManager([
      [/FROM installment_plans WHERE id = \$1$/, []],
      [
        /FROM installment_guarantors/,
        [{ name: 'ضامن', national_id: '30105152101244', phone: '011', address: 'الجيزة' }],
      ],
    ]);
    const { runner, result } = run(m);
    expect(await result).toEqual({ id: 'p-2', created: true });
    const [plan] = writes(m, /INSERT INTO installment_plans/);
    // 3 × 1,000 + 20 late fee = 3,020 EGP financed, with no down payment; + 10 fee.
    expect(plan.params.slice(0, 6)).toEqual(['p-2', 'B01-IP-000007', 'b-1', 'c-1', 's-1', 'p-1']);
    expect(plan.params.slice(11, 16)).toEqual([302_000, 0, 302_000, 0, 303_000]);
    expect(writes(m, /INSERT INTO installment_guarantors/)).toHaveLength(1);
    expect(writes(m, /UPDATE installments SET status = 'rescheduled'/)[0].params).toEqual([
      ['i-1', 'i-2', 'i-3'],
    ]);
    expect(writes(m, /UPDATE installment_plans SET status = 'rescheduled'/)).toHaveLength(1);
    expect(writes(m, /INSERT INTO customer_ledger/)[0].params.slice(2, 4)).toEqual([
      'installment_charge',
      1000,
    ]);
    expect(runner.tx!.audits.map((a) => a.action)).toEqual([
      'installment.reschedule',
      'installment.create',
    ]);
  });

  it('refuses a closed plan (409), writing nothing', async () => {
    const m = installmentManager([
      [/FROM installment_plans WHERE id = \$1 FOR UPDATE/, [planRow({ status: 'settled' })]],
      [/FROM installment_plans WHERE id = \$1$/, []],
    ]);
    expect(await errorCode(run(m).result)).toBe('INSTALLMENT_PLAN_CLOSED');
    expect(didWrite(m)).toBe(false);
  });
});
