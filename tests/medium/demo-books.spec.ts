import { randomUUID } from 'node:crypto';
import { Client, createTestApp, tableCounts, type TestApp } from './support/app';

// Issue 30 item 19: the banks' account 1102 took a manual entry (the demo's owner capital and
// rent were posted on it), so /Vault and the balance sheet's banks were 470,000.00 apart. The
// demo's money now goes through vaults, and no manual entry may post to 1102 or to any account
// that is not a postable leaf.
describe('the demo books: vaults and the ledger agree; 1102 and group accounts take no manual entry', () => {
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it("keeps every vault's balance equal to its ledger account, and the balance sheet's cash and banks equal to /Vault", async () => {
    const vaults: { name: string; balance: string; booked: string }[] = await t.ds.query(
      `SELECT v.name, v.balance,
              (SELECT COALESCE(sum(l.debit - l.credit), 0) FROM journal_lines l WHERE l.account_id = v.account_id) AS booked
         FROM vaults v ORDER BY v.name`,
    );
    expect(vaults.length).toBeGreaterThan(2);
    const differing = vaults.filter((v) => Number(v.balance) !== Number(v.booked));
    expect(differing).toEqual([]);

    // The balance sheet (every branch, today): the banks' account 1102 and the vaults' own accounts
    // (under 1110 and 1120) hold exactly what the vaults hold.
    const sheet = await admin.get('/api/reports/BalanceSheet');
    expect(sheet.status).toBe(200);
    const vaultCodes: string[] = (
      await t.ds.query(`SELECT a.code FROM vaults v JOIN accounts a ON a.id = v.account_id`)
    ).map((r: { code: string }) => r.code);
    const rows = sheet.body.assets.rows as { code: string; amount: number }[];
    const books = rows
      .filter((r) => r.code === '1102' || vaultCodes.includes(r.code))
      .reduce((s, r) => s + r.amount, 0);
    const held = vaults.reduce((s, v) => s + Number(v.balance), 0);
    expect(books).toBe(held);
    expect(rows.find((r) => r.code === '1102')?.amount ?? 0).toBe(0);
    // The owner's capital is a capital-in into a bank vault, with its movement.
    const [capital] = await t.ds.query(
      `SELECT m.amount, v.type FROM money_transactions t JOIN vault_movements m ON m.source_id = t.id
         JOIN vaults v ON v.id = m.vault_id
        WHERE t.type = 'capital_in' AND t.reason = 'رأس المال المودع في البنك'`,
    );
    expect(capital).toEqual({ amount: '50000000', type: 'bank' });
  });

  it('refuses a manual entry on the banks’ account 1102 and on every group account, with a localised 400, writing nothing', async () => {
    const [bank] = await t.ds.query(`SELECT id FROM accounts WHERE code = '1102'`);
    const [expense] = await t.ds.query(
      `SELECT id FROM accounts WHERE type = 'expense' AND NOT is_group AND active AND system_key IS NULL LIMIT 1`,
    );
    const groups: { id: string; code: string }[] = await t.ds.query(
      `SELECT id, code FROM accounts WHERE is_group ORDER BY code`,
    );
    expect(groups.map((g) => g.code)).toEqual(expect.arrayContaining(['1', '11', '1110', '1120']));
    const [{ today }] = await t.ds.query(
      `SELECT to_char((now() AT TIME ZONE (SELECT time_zone FROM store_settings WHERE id = 1))::date, 'YYYY-MM-DD') AS today`,
    );
    const before = await tableCounts(t.ds);
    const post = (accountId: string, client = admin) =>
      client.post('/api/JournalEntries', {
        id: randomUUID(),
        date: today,
        description: 'قيد على حساب غير مسموح',
        lines: [
          { accountId: expense.id, debit: 10_000 },
          { accountId, credit: 10_000 },
        ],
      });
    const onBank = await post(bank.id);
    expect([onBank.status, onBank.body.code]).toEqual([400, 'JOURNAL_CONTROL_ACCOUNT']);
    expect(onBank.body.message).toMatch(/البنوك/);
    for (const g of groups) {
      const res = await post(g.id);
      expect([g.code, res.status, res.body.code]).toEqual([g.code, 400, 'JOURNAL_ACCOUNT_INVALID']);
    }
    expect(await tableCounts(t.ds)).toEqual(before);
  });
});
