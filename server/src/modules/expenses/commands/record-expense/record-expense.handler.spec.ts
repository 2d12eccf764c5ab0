import { errorCode, testMeta } from '../../../../core/cqrs/testing';
import { accountant, otherBranch, setup } from '../expense.spec-fixture';
import { RecordExpenseCommand } from './record-expense.command';
import { RecordExpenseHandler } from './record-expense.handler';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const dto = {
  date: '2026-11-20',
  categoryId: 'c-1',
  vaultId: 'v-1',
  amount: 10_000,
  vat: 1_400,
  payee: ' شركة الكهرباء ',
};

describe('RecordExpenseHandler', () => {
  it('pays the total out of the vault, stores the receipt and raises the posting event', async () => {
    const { m, runner } = setup();
    const out = await new RecordExpenseHandler(runner).execute(
      new RecordExpenseCommand(dto, { buffer: PNG, size: PNG.length }, accountant, testMeta),
    );
    expect(out.number).toBe('B01-EX-000007');
    const move = m.calls.find((c) => /UPDATE vaults SET balance/.test(c.sql))!;
    expect(move.params).toEqual(['v-1', -11_400]);
    const attachment = m.calls.find((c) => /INSERT INTO expense_attachments/.test(c.sql))!;
    expect(attachment.params.slice(1, 3)).toEqual(['image/png', PNG.length]);
    const insert = m.calls.find((c) => /INSERT INTO expenses/.test(c.sql))!;
    expect(insert.params.slice(2, 11)).toEqual([
      '2026-11-20',
      'b-1',
      'c-1',
      'v-1',
      10_000,
      1_400,
      11_400,
      null,
      'شركة الكهرباء',
    ]);
    expect(runner.tx!.raised).toEqual([
      {
        type: 'expense.recorded',
        payload: expect.objectContaining({
          expenseId: out.id,
          categoryAccountId: 'acc-c',
          vaultAccountId: 'acc-vault',
          amount: 10_000,
          vat: 1_400,
          total: 11_400,
          date: '2026-11-20',
        }),
      },
    ]);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'expense.record',
      entity: 'expense',
      entityId: out.id,
      after: { total: 11_400, vaultBalanceAfter: 40_000 },
    });
  });

  it('refuses a file that is not an image by its content before opening the transaction', async () => {
    const { runner } = setup();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(
      await errorCode(
        new RecordExpenseHandler(runner).execute(
          new RecordExpenseCommand(
            dto,
            { buffer: html, size: html.length, mimetype: 'image/png' },
            accountant,
            testMeta,
          ),
        ),
      ),
    ).toBe('UNSUPPORTED_FILE');
    expect(runner.tx).toBeUndefined();
  });

  it('refuses a total over the document limit, a future date and a closed period', async () => {
    const run = (over: Partial<typeof dto>) => {
      const { runner } = setup();
      return errorCode(
        new RecordExpenseHandler(runner).execute(
          new RecordExpenseCommand({ ...dto, ...over }, undefined, accountant, testMeta),
        ),
      );
    };
    expect(await run({ amount: 1_000_000_000, vat: 1 })).toBe('EXPENSE_TOTAL_LIMIT');
    expect(await run({ date: '2026-11-26' })).toBe('EXPENSE_DATE_IN_FUTURE');
    expect(await run({ date: '2026-09-30' })).toBe('PERIOD_CLOSED');
  });

  it("refuses another branch's vault and an inactive category", async () => {
    const { runner } = setup();
    expect(
      await errorCode(
        new RecordExpenseHandler(runner).execute(
          new RecordExpenseCommand(dto, undefined, otherBranch, testMeta),
        ),
      ),
    ).toBe('FORBIDDEN');
    const inactive = setup([
      [/FROM expense_categories/, [{ id: 'c-1', name: 'كهرباء', active: false, account_id: 'a' }]],
    ]);
    expect(
      await errorCode(
        new RecordExpenseHandler(inactive.runner).execute(
          new RecordExpenseCommand(dto, undefined, accountant, testMeta),
        ),
      ),
    ).toBe('EXPENSE_CATEGORY_INACTIVE');
  });

  it('records a template once a month and tells the branch its new due count', async () => {
    const done = setup([
      [/FROM recurring_expenses WHERE id/, [{ id: 'r-1', name: 'إيجار', branch_id: 'b-1' }]],
      [/SELECT 1 FROM expenses WHERE recurring_id/, [{ '?column?': 1 }]],
    ]);
    expect(
      await errorCode(
        new RecordExpenseHandler(done.runner).execute(
          new RecordExpenseCommand({ ...dto, recurringId: 'r-1' }, undefined, accountant, testMeta),
        ),
      ),
    ).toBe('EXPENSE_RECURRING_RECORDED');
    const fresh = setup([
      [/FROM recurring_expenses WHERE id/, [{ id: 'r-1', name: 'إيجار', branch_id: 'b-1' }]],
      [/WITH today AS/, [{ id: 'r-2' }]],
    ]);
    await new RecordExpenseHandler(fresh.runner).execute(
      new RecordExpenseCommand({ ...dto, recurringId: 'r-1' }, undefined, accountant, testMeta),
    );
    expect(
      fresh.m.calls.some((c) => /FROM recurring_expenses WHERE id = \$1 FOR UPDATE/.test(c.sql)),
    ).toBe(true);
    expect(fresh.runner.tx!.events).toEqual([
      { branchId: 'b-1', type: 'expenses.due', payload: { count: 1 } },
    ]);
  });
});
