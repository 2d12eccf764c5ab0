import type { DataSource } from 'typeorm';
import { uuidv7 } from '../core/database/ids';
import { normalizeArabic, type ChequeAction } from '@pos/contracts';
import { createVaultAccount } from '../modules/cash';
import {
  BounceChequeCommand,
  BounceChequeHandler,
  CancelChequeCommand,
  CancelChequeHandler,
  ChequePostJournalHandler,
  ClearChequeCommand,
  ClearChequeHandler,
  DepositChequeCommand,
  DepositChequeHandler,
  RecordChequeCommand,
  RecordChequeHandler,
} from '../modules/cheques';
import { demoMeta, demoRunner, demoUser } from './demo-runner';

export const DEMO_BANK_NAME = 'البنك الأهلي - حساب جاري';

/**
 * Demo cheques (issue 15 item 7): a bank account in the first branch, two customers and a vendor,
 * and cheques in every status, made by the real commands (ledgers, vault, books and audit as in
 * the app). Idempotent: nothing is added once the demo's cheques exist.
 */
export async function seedDemoCheques(ds: DataSource): Promise<void> {
  const [done] = await ds.query(`SELECT 1 FROM cheques WHERE note LIKE 'DEMO%' LIMIT 1`);
  if (done) return;
  const [branch] = await ds.query('SELECT id FROM branches ORDER BY created_at LIMIT 1');
  const [accountant] = await ds.query(
    `SELECT id FROM users WHERE username IN ('accountant', 'admin') ORDER BY username = 'accountant' DESC LIMIT 1`,
  );
  if (!branch || !accountant) return;
  const bankId = await ds.transaction(async (m) => {
    const [bank] = await m.query(
      `SELECT id FROM vaults WHERE branch_id = $1 AND type = 'bank' AND active ORDER BY created_at LIMIT 1`,
      [branch.id],
    );
    if (bank) return bank.id as string;
    const id = uuidv7();
    const accountId = await createVaultAccount(m, { name: DEMO_BANK_NAME, type: 'bank' });
    await m.query(
      `INSERT INTO vaults (id, name, type, branch_id, account_number, bank_name, account_id)
       VALUES ($1, $2, 'bank', $3, '1002003004005', 'البنك الأهلي المصري', $4)`,
      [id, DEMO_BANK_NAME, branch.id, accountId],
    );
    return id;
  });
  const party = async (table: 'customers' | 'vendors', name: string) => {
    const [row] = await ds.query(`SELECT id FROM ${table} WHERE name = $1`, [name]);
    if (row) return row.id as string;
    const id = uuidv7();
    await ds.query(`INSERT INTO ${table} (id, name, search_text) VALUES ($1, $2, $3)`, [
      id,
      name,
      normalizeArabic(name),
    ]);
    return id;
  };
  const customers = [
    await party('customers', 'شركة الأمل للتجارة'),
    await party('customers', 'محمود عبد الرحمن'),
  ];
  const vendor = await party('vendors', 'شركة النيل للتوريدات');

  const runner = demoRunner(ds, ChequePostJournalHandler);
  const user = demoUser(accountant.id, branch.id, false, [
    'can_see_vault_totals',
    'can_take_advance',
  ]);
  const meta = demoMeta(accountant.id);
  const day = async (offset: number) =>
    (await ds.query(`SELECT to_char(now()::date + $1::int, 'YYYY-MM-DD') AS d`, [offset]))[0]
      .d as string;
  const dto = { vaultId: bankId };
  const steps: Record<ChequeAction, (id: string) => Promise<unknown>> = {
    deposit: (id) =>
      new DepositChequeHandler(runner).execute(new DepositChequeCommand(id, dto, user, meta)),
    clear: (id) =>
      new ClearChequeHandler(runner).execute(new ClearChequeCommand(id, dto, user, meta)),
    bounce: (id) =>
      new BounceChequeHandler(runner).execute(new BounceChequeCommand(id, dto, user, meta)),
    cancel: (id) =>
      new CancelChequeHandler(runner).execute(new CancelChequeCommand(id, dto, user, meta)),
  };
  let n = 0;
  const cheque = async (
    direction: 'received' | 'issued',
    amount: number,
    due: number,
    partyId: string,
    then: ChequeAction[],
  ) => {
    const id = uuidv7();
    await new RecordChequeHandler(runner).execute(
      new RecordChequeCommand(
        {
          id,
          direction,
          number: String(4_100_200 + ++n),
          bank: direction === 'received' ? 'بنك مصر' : 'البنك الأهلي المصري',
          dueDate: await day(due),
          amount,
          ...(direction === 'received' ? { customerId: partyId } : { vendorId: partyId }),
          // some are for more than the customer owes then: an advance (issue 30 item 13)
          ...(direction === 'received' ? { advance: true } : {}),
          note: 'DEMO',
        },
        user,
        meta,
      ),
    );
    for (const action of then) await steps[action](id);
  };
  await cheque('received', 2_500_000, -20, customers[0], ['deposit', 'clear']);
  await cheque('received', 1_200_000, -10, customers[1], ['deposit', 'clear']);
  await cheque('received', 850_000, -5, customers[1], ['deposit', 'bounce']);
  await cheque('received', 600_000, 2, customers[0], ['deposit']);
  await cheque('received', 400_000, 5, customers[1], []);
  await cheque('received', 300_000, 30, customers[0], []);
  await cheque('received', 150_000, 12, customers[1], ['cancel']);
  await cheque('issued', 900_000, -7, vendor, ['clear']);
  await cheque('issued', 500_000, -3, vendor, ['bounce']);
  await cheque('issued', 700_000, 4, vendor, []);
  await cheque('issued', 200_000, 9, vendor, ['cancel']);
}
