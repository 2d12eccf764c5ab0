import type { DataSource } from 'typeorm';
import { uuidv7 } from '../core/database/ids';
import type { AuthUser } from '../core/auth/auth.types';
import { queuePosting } from '../modules/accounting';
import { branchMainVault, moveVault } from '../modules/cash';
import {
  ExpensePostingsHandler,
  RecordExpenseCommand,
  RecordExpenseHandler,
  createCategoryAccount,
} from '../modules/expenses';
import { demoMeta, demoRunner } from './demo-runner';

/** What the demo pays, by category: [category, payee, pounds, every n days]. */
const EXPENSES: [string, string, number, number][] = [
  ['نثريات', 'بوفيه الفرع', 150, 3],
  ['كهرباء', 'شركة الكهرباء', 1_850, 30],
  ['مياه', 'شركة المياه', 320, 30],
  ['إنترنت', 'شركة الاتصالات', 600, 30],
  ['صيانة أجهزة', 'ورشة الصيانة', 900, 12],
];

/**
 * Expenses demo (issue 15): every category gets its account under 52; each branch's main vault is
 * funded by the owner (capital in), then a month of expenses is recorded through the real command
 * (vault movements, journal entries, audit), some with VAT; two monthly templates (rent, salaries)
 * in the first branch, last month's rent recorded from its template so this month's shows as due.
 * Idempotent: nothing is added once demo expenses exist.
 */
export async function seedDemoExpenses(ds: DataSource): Promise<void> {
  const [admin] = await ds.query(`SELECT id, branch_id FROM users WHERE username = 'admin'`);
  if (!admin) return;
  await ds.transaction(async (m) => {
    await m.query('SELECT pg_advisory_xact_lock(424250)');
    for (const c of await m.query(
      `SELECT id, name FROM expense_categories WHERE account_id IS NULL ORDER BY name FOR UPDATE`,
    ))
      await m.query(`UPDATE expense_categories SET account_id = $2 WHERE id = $1`, [
        c.id,
        await createCategoryAccount(m, c.name),
      ]);
  });
  const [done] = await ds.query(`SELECT 1 FROM expenses LIMIT 1`);
  if (done) return;

  const runner = demoRunner(ds, ExpensePostingsHandler);
  const record = new RecordExpenseHandler(runner);
  const meta = demoMeta(admin.id);
  const user = {
    id: admin.id,
    username: 'admin',
    name: 'مدير النظام',
    branchId: admin.branch_id,
    isAdmin: true,
    permissions: [],
  } as unknown as AuthUser;
  const category = async (name: string): Promise<string> =>
    (await ds.query(`SELECT id FROM expense_categories WHERE name = $1`, [name]))[0].id;
  const day = (daysAgo: number): string =>
    new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

  const branches: { id: string }[] = await ds.query(`SELECT id FROM branches ORDER BY created_at`);
  for (const [i, branch] of branches.slice(0, 2).entries()) {
    const vault = await ds.transaction((m) => branchMainVault(m, branch.id));
    // The owner funds the branch vault: Dr the vault's account, Cr capital.
    await runner.run(meta, async (tx) => {
      const moved = await moveVault(tx.m, {
        vaultId: vault.id,
        type: 'deposit',
        amount: 20_000_000,
        userId: admin.id,
        note: 'تمويل مصروفات الفرع من المالك',
      });
      queuePosting(tx, {
        branchId: branch.id,
        source: null,
        reference: 'DEMO-EXPENSE-FUND',
        description: 'تمويل مصروفات الفرع من المالك',
        createdBy: admin.id,
        lines: [
          { account: { id: moved.accountId }, debit: 20_000_000 },
          { account: 'capital', credit: 20_000_000 },
        ],
      });
    });
    for (const [name, payee, pounds, every] of EXPENSES)
      for (let ago = 28 - i; ago >= 0; ago -= every) {
        const amount = Math.round(pounds * (1 + ((ago * 7) % 5) / 20)) * 100;
        // Utilities and repairs carry 14 % VAT on top.
        const vat = every >= 12 ? Math.round(amount * 0.14) : 0;
        await record.execute(
          new RecordExpenseCommand(
            {
              date: day(ago),
              categoryId: await category(name),
              vaultId: vault.id,
              amount,
              vat,
              payee,
            },
            undefined,
            user,
            meta,
          ),
        );
      }
  }

  // Two monthly templates in the first branch.
  const vault = await ds.transaction((m) => branchMainVault(m, branches[0].id));
  const rent = uuidv7();
  await ds.query(
    `INSERT INTO recurring_expenses (id, name, branch_id, category_id, vault_id, amount, day_of_month, payee)
     VALUES ($1, 'إيجار المحل', $2, $3, $4, 1500000, 1, 'مالك العقار'),
            ($5, 'رواتب الموظفين', $2, $6, $4, 4500000, 28, NULL)`,
    [rent, branches[0].id, await category('إيجار'), vault.id, uuidv7(), await category('رواتب')],
  );
  const lastMonth = new Date();
  lastMonth.setUTCDate(1);
  lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
  await record.execute(
    new RecordExpenseCommand(
      {
        date: lastMonth.toISOString().slice(0, 10),
        categoryId: await category('إيجار'),
        vaultId: vault.id,
        amount: 1_500_000,
        payee: 'مالك العقار',
        recurringId: rent,
      },
      undefined,
      user,
      meta,
    ),
  );
}
