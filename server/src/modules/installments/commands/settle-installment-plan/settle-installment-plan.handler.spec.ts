import { DomainEventSubscribers } from '../../../../core/cqrs';
import { errorCode, fakeRunner, testMeta, testUser } from '../../../../core/cqrs/testing';
import { didWrite, installmentManager, planRow, writes } from '../spec-fixture';
import { SettleInstallmentPlanCommand } from './settle-installment-plan.command';
import { SettleInstallmentPlanHandler } from './settle-installment-plan.handler';

const run = (m: ReturnType<typeof installmentManager>) => {
  const runner = fakeRunner(m, new DomainEventSubscribers());
  const result = new SettleInstallmentPlanHandler(runner).execute(
    new SettleInstallmentPlanCommand(
      'p-1',
      { id: 'pay-9', vaultId: 'v-1' },
      testUser({ permissions: ['can_see_installments'] }),
      testMeta,
    ),
  );
  return { runner, result };
};

describe('SettleInstallmentPlanHandler', () => {
  it("pays today's quote into the vault, gives the discount of the interest not yet due, settles every installment", async () => {
    // Store rule: 50 % of the interest of installments not yet due (#3: 100 EGP → 50 EGP off).
    const m = installmentManager([], { earlySettlementDiscountBp: 5000 });
    const { runner, result } = run(m);
    expect(await result).toEqual({ paymentId: 'pay-9', created: true });
    // Owed 3,000 + 20 late fee − 50 discount = 2,970 EGP.
    expect(writes(m, /UPDATE vaults SET balance/)[0].params).toEqual(['v-1', 297_000]);
    const ledger = writes(m, /INSERT INTO customer_ledger/).map((c) => c.params.slice(2, 4));
    expect(ledger).toEqual([
      ['payment', -297_000],
      ['installment_discount', -5000],
    ]);
    expect(writes(m, /UPDATE installments i SET paid/)[0].params).toEqual([
      ['i-1', 'i-2', 'i-3'],
      [100_000, 100_000, 100_000],
      [2000, 0, 0],
      ['paid', 'paid', 'paid'],
    ]);
    expect(writes(m, /UPDATE installment_plans SET status/)[0].params).toEqual([
      'p-1',
      'settled',
      5000,
    ]);
    expect(runner.tx!.raised[0].payload).toMatchObject({
      kind: 'settle',
      amount: 297_000,
      discount: 5000,
    });
  });

  it('refuses a plan that is already settled or rescheduled (409), writing nothing', async () => {
    const m = installmentManager([
      [/FROM installment_plans WHERE id = \$1 FOR UPDATE/, [planRow({ status: 'rescheduled' })]],
    ]);
    expect(await errorCode(run(m).result)).toBe('INSTALLMENT_PLAN_CLOSED');
    expect(didWrite(m)).toBe(false);
  });
});
