import { DomainEventSubscribers } from '../../../../core/cqrs';
import { errorCode, fakeRunner, testMeta, testUser } from '../../../../core/cqrs/testing';
import { expectLockOrder } from '../../../../core/cqrs/handler.spec-fixture';
import { didWrite, installmentManager, planRow, writes } from '../spec-fixture';
import { CollectInstallmentCommand } from './collect-installment.command';
import { CollectInstallmentHandler } from './collect-installment.handler';

const run = (
  m: ReturnType<typeof installmentManager>,
  dto: object,
  user = testUser({ permissions: ['can_see_installments'] }),
) => {
  const runner = fakeRunner(m, new DomainEventSubscribers());
  const result = new CollectInstallmentHandler(runner).execute(
    new CollectInstallmentCommand(
      'p-1',
      { id: 'pay-1', vaultId: 'v-1', amount: 150_000, ...dto } as never,
      user,
      testMeta,
    ),
  );
  return { runner, result };
};

describe('CollectInstallmentHandler', () => {
  it('pays the late fee first, then the oldest amounts; vault, ledger, lines and the event', async () => {
    const m = installmentManager([]);
    const { runner, result } = run(m, {});
    expect(await result).toEqual({ paymentId: 'pay-1', created: true });
    // Locks: plan, then customer, then vault.
    expectLockOrder(m, ['installment_plans', 'customers', 'vaults']);
    // 150,000 = 2,000 late fee of #1 + 100,000 of #1 + 48,000 of #2.
    const [lines] = writes(m, /INSERT INTO installment_payment_lines/);
    expect(lines.params).toEqual(['pay-1', ['i-1', 'i-2'], [100_000, 48_000], [2000, 0]]);
    const [updated] = writes(m, /UPDATE installments i SET paid/);
    expect(updated.params).toEqual([
      ['i-1', 'i-2'],
      [100_000, 48_000],
      [2000, 0],
      ['paid', 'overdue'],
    ]);
    const [vault] = writes(m, /UPDATE vaults SET balance/);
    expect(vault.params).toEqual(['v-1', 150_000]);
    const [ledger] = writes(m, /INSERT INTO customer_ledger/);
    expect(ledger.params.slice(1, 4)).toEqual(['c-1', 'payment', -150_000]);
    // #2 is still overdue: the plan stays late.
    const [plan] = writes(m, /UPDATE installment_plans SET status/);
    expect(plan.params).toEqual(['p-1', 'late', 0]);
    expect(runner.tx!.raised).toEqual([
      {
        type: 'installment.money',
        payload: expect.objectContaining({
          kind: 'collect',
          amount: 150_000,
          vaultAccountId: 'acc-v1',
          customerId: 'c-1',
          number: 'B01-IC-000007',
        }),
      },
    ]);
    expect(runner.tx!.events.map((e) => e.type)).toEqual(['installment.due']);
  });

  it('refuses more than the chosen installments owe (400), writing nothing', async () => {
    const m = installmentManager([]);
    expect(await errorCode(run(m, { amount: 100_001, installmentIds: ['i-3'] }).result)).toBe(
      'INSTALLMENT_OVER_COLLECT',
    );
    expect(await errorCode(run(m, { amount: 302_001 }).result)).toBe('INSTALLMENT_OVER_COLLECT');
    expect(didWrite(m)).toBe(false);
  });

  it('refuses an installment that is not open in the plan', async () => {
    const m = installmentManager([]);
    expect(await errorCode(run(m, { installmentIds: ['i-9'] }).result)).toBe('INSTALLMENT_UNKNOWN');
    expect(didWrite(m)).toBe(false);
  });

  it('refuses a settled plan (409) and a vault of another branch (400)', async () => {
    const settled = installmentManager([
      [/FROM installment_plans WHERE id = \$1 FOR UPDATE/, [planRow({ status: 'settled' })]],
    ]);
    expect(await errorCode(run(settled, {}).result)).toBe('INSTALLMENT_PLAN_CLOSED');
    const elsewhere = installmentManager([
      [
        /FROM vaults WHERE id = \$1 FOR UPDATE/,
        [{ id: 'v-2', branch_id: 'b-2', active: true, balance: '0', account_id: 'a' }],
      ],
    ]);
    expect(await errorCode(run(elsewhere, {}).result)).toBe('INSTALLMENT_VAULT');
    expect(didWrite(settled) || didWrite(elsewhere)).toBe(false);
  });

  it('hides a plan of another branch (404) from a user who may not change it', async () => {
    const m = installmentManager([]);
    const other = testUser({ branchId: 'b-2', permissions: ['can_see_installments'] });
    expect(await errorCode(run(m, {}, other).result)).toBe('NOT_FOUND');
  });

  it('answers a retry with the same payment and refuses the id reused for other content', async () => {
    const { requestHash } = await import('../../plan-rules');
    const dto = { id: 'pay-1', vaultId: 'v-1', amount: 150_000 };
    const same = installmentManager([
      [
        /FROM installment_payments WHERE id/,
        [{ plan_id: 'p-1', request_hash: requestHash({ planId: 'p-1', ...dto }) }],
      ],
    ]);
    expect(await run(same, {}).result).toEqual({ paymentId: 'pay-1', created: false });
    expect(didWrite(same)).toBe(false);
    const other = installmentManager([
      [/FROM installment_payments WHERE id/, [{ plan_id: 'p-1', request_hash: 'x' }]],
    ]);
    expect(await errorCode(run(other, {}).result)).toBe('INSTALLMENT_ID_CONFLICT');
  });
});
