import { errorCode, testMeta } from '../../../../core/cqrs/testing';
import { accountant, otherBranch, setup } from '../expense.spec-fixture';
import { VoidExpenseCommand } from './void-expense.command';
import { VoidExpenseHandler } from './void-expense.handler';

const expense = (status: string, recurringId: string | null = null) =>
  [
    /FROM expenses WHERE id = \$1 FOR UPDATE/,
    [
      {
        id: 'e-1',
        number: 'B01-EX-000001',
        status,
        branch_id: 'b-1',
        vault_id: 'v-1',
        total: '11400',
        recurring_id: recurringId,
      },
    ],
  ] as [RegExp, unknown[]];

describe('VoidExpenseHandler', () => {
  it('puts the total back into the vault, marks it void and raises the reversal', async () => {
    const { m, runner } = setup([expense('recorded')]);
    await new VoidExpenseHandler(runner).execute(
      new VoidExpenseCommand('e-1', { reason: ' خطأ في المبلغ ' }, accountant, testMeta),
    );
    expect(m.calls.find((c) => /UPDATE vaults SET balance/.test(c.sql))!.params).toEqual([
      'v-1',
      11_400,
    ]);
    expect(m.calls.find((c) => /UPDATE expenses SET status = 'void'/.test(c.sql))!.params).toEqual([
      'e-1',
      'u-1',
      'خطأ في المبلغ',
    ]);
    expect(runner.tx!.raised[0]).toEqual({
      type: 'expense.voided',
      payload: expect.objectContaining({
        expenseId: 'e-1',
        total: 11_400,
        reason: 'خطأ في المبلغ',
      }),
    });
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'expense.void',
      after: { status: 'void' },
    });
    expect(runner.tx!.events).toEqual([]);
  });

  const refusal = (s: ReturnType<typeof setup>, user: typeof accountant) =>
    errorCode(
      new VoidExpenseHandler(s.runner).execute(
        new VoidExpenseCommand('e-1', { reason: 'x' }, user, testMeta),
      ),
    );

  it('refuses twice (409) and hides another branch (404)', async () => {
    const again = setup([expense('void')]);
    expect(await refusal(again, accountant)).toBe('EXPENSE_ALREADY_VOID');
    const other = setup([expense('recorded')]);
    expect(await refusal(other, otherBranch)).toBe('NOT_FOUND');
    expect(other.m.calls.some((c) => /UPDATE vaults/.test(c.sql))).toBe(false);
  });

  it("makes a template's month due again", async () => {
    const { runner } = setup([expense('recorded', 'r-1'), [/WITH today AS/, [{ id: 'r-1' }]]]);
    await new VoidExpenseHandler(runner).execute(
      new VoidExpenseCommand('e-1', { reason: 'مكرر' }, accountant, testMeta),
    );
    expect(runner.tx!.events).toEqual([
      { branchId: 'b-1', type: 'expenses.due', payload: { count: 1 } },
    ]);
  });
});
