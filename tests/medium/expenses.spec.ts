import type { ExpenseDto } from '@pos/contracts';
import { ExpenseReminders } from '../../server/src/modules/expenses/jobs/expense-reminders';
import { Client, createTestApp, createUserWith, type TestApp } from './support/app';
import { ownerMoney } from './support/money';
import { TINY_PNG } from '../fixtures/images';

// Issue 15 item 2: an expense paid out of a vault moves the vault, writes its ledger row and a
// balanced entry (Dr the category's account + VAT input, Cr the vault's account); a void reverses
// both; a bad file or an over-limit amount writes nothing; permissions and branch scope hold.
const PNG = TINY_PNG;

describe('expenses', () => {
  let t: TestApp;
  let accountant: Client;
  let branchId: string;
  let otherBranchId: string;
  let vaultId: string;
  let categoryId: string;
  const today = () => new Date().toISOString().slice(0, 10);

  const counts = async () => {
    const [row] = await t.ds.query(
      `SELECT (SELECT count(*) FROM expenses)::int AS expenses, (SELECT count(*) FROM vault_movements)::int AS movements,
              (SELECT count(*) FROM journal_entries)::int AS entries, (SELECT count(*) FROM expense_attachments)::int AS files,
              (SELECT balance::int FROM vaults WHERE id = $1) AS balance`,
      [vaultId],
    );
    return row;
  };

  const record = (c: Client, data: object, file?: { buffer: Buffer; name: string }) => {
    const req = c.agent
      .post('/api/Expenses')
      .set('X-CSRF-Token', c.csrf)
      .field('data', JSON.stringify(data));
    return file ? req.attach('file', file.buffer, file.name) : req;
  };

  beforeAll(async () => {
    t = await createTestApp();
    accountant = new Client(t.app, 'en');
    await accountant.signIn('accountant');
    [{ branch_id: branchId }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'accountant'`,
    );
    [{ id: otherBranchId }] = await t.ds.query(`SELECT id FROM branches WHERE id <> $1 LIMIT 1`, [
      branchId,
    ]);
    [{ id: vaultId }] = await t.ds.query(`SELECT id FROM vaults WHERE branch_id = $1 AND is_main`, [
      branchId,
    ]);
    // whatever earlier suites left in it (vault-ledger empties it): the owner's cash for the month
    await ownerMoney(t, vaultId, 1_000_000);
    const created = await accountant.post('/api/ExpenseCategories', { name: 'أدوات نظافة' });
    expect(created.status).toBe(201);
    categoryId = created.body.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives a new category its own account under 52', async () => {
    const [row] = await t.ds.query(
      `SELECT a.code, a.name_ar, p.system_key FROM expense_categories c JOIN accounts a ON a.id = c.account_id
         JOIN accounts p ON p.id = a.parent_id WHERE c.id = $1`,
      [categoryId],
    );
    expect(row).toEqual({
      code: expect.stringMatching(/^52\d{3}$/),
      name_ar: 'أدوات نظافة',
      system_key: 'operating_expenses',
    });
    // renamed with it, removed with it while unused
    const spare = await accountant.post('/api/ExpenseCategories', { name: 'بند مؤقت' });
    const [{ account_id: spareAccount }] = await t.ds.query(
      `SELECT account_id FROM expense_categories WHERE id = $1`,
      [spare.body.id],
    );
    expect(
      (await accountant.patch(`/api/ExpenseCategories/${spare.body.id}`, { name: 'بند مؤقت 2' }))
        .status,
    ).toBe(200);
    expect(await t.ds.query(`SELECT name_ar FROM accounts WHERE id = $1`, [spareAccount])).toEqual([
      { name_ar: 'بند مؤقت 2' },
    ]);
    expect((await accountant.delete(`/api/ExpenseCategories/${spare.body.id}`)).status).toBe(204);
    expect(await t.ds.query(`SELECT 1 FROM accounts WHERE id = $1`, [spareAccount])).toEqual([]);
  });

  it('records with VAT and a photo: vault movement, ledger, posting lines; void reverses', async () => {
    const before = await counts();
    const res = await record(
      accountant,
      { date: today(), categoryId, amount: 20_000, vat: 2_800, payee: 'محل المنظفات' },
      { buffer: PNG, name: 'receipt.png' },
    );
    expect(res.status).toBe(201);
    const e: ExpenseDto = res.body;
    expect(e).toMatchObject({
      status: 'recorded',
      vaultId,
      branchId,
      amount: 20_000,
      vat: 2_800,
      total: 22_800,
      hasAttachment: true,
      categoryName: 'أدوات نظافة',
    });
    const after = await counts();
    expect(after.balance).toBe(before.balance - 22_800);
    const [movement] = await t.ds.query(
      `SELECT type, amount::int, balance_after::int FROM vault_movements WHERE source_type = 'expense' AND source_id = $1`,
      [e.id],
    );
    expect(movement).toEqual({ type: 'expense', amount: -22_800, balance_after: after.balance });
    const lines = await t.ds.query(
      `SELECT coalesce(a.system_key, CASE WHEN a.id = v.account_id THEN 'vault' ELSE 'category' END) AS account,
              l.debit::int, l.credit::int
         FROM journal_entries j JOIN journal_lines l ON l.entry_id = j.id JOIN accounts a ON a.id = l.account_id
         JOIN vaults v ON v.id = $2
        WHERE j.source_type = 'expense' AND j.source_id = $1 ORDER BY l.line_no`,
      [e.id, vaultId],
    );
    expect(lines).toEqual([
      { account: 'category', debit: 20_000, credit: 0 },
      { account: 'vat_input', debit: 2_800, credit: 0 },
      { account: 'vault', debit: 0, credit: 22_800 },
    ]);
    // the receipt comes back to those who may see the expense, as the image it is
    const photo = await accountant.get(`/api/Expenses/${e.id}/attachment`);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(photo.body as Buffer, PNG)).toBe(0);
    const [{ n: audits }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM audit_logs WHERE entity = 'expense' AND entity_id = $1`,
      [e.id],
    );
    expect(audits).toBe(1);

    const voided = await accountant.post(`/api/Expenses/${e.id}/void`, { reason: 'تسجيل خاطئ' });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ status: 'void', voidReason: 'تسجيل خاطئ' });
    expect((await counts()).balance).toBe(before.balance);
    const entries = await t.ds.query(
      `SELECT j.reverses_id IS NOT NULL AS reversal, sum(l.debit)::int AS debit
         FROM journal_entries j JOIN journal_lines l ON l.entry_id = j.id
        WHERE j.source_type = 'expense' AND j.source_id = $1 GROUP BY j.id ORDER BY j.number`,
      [e.id],
    );
    expect(entries).toEqual([
      { reversal: false, debit: 22_800 },
      { reversal: true, debit: 22_800 },
    ]);
    const again = await accountant.post(`/api/Expenses/${e.id}/void`, { reason: 'مرة أخرى' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('EXPENSE_ALREADY_VOID');
  });

  it('answers 400 for a bad file or an over-limit amount and writes nothing', async () => {
    const before = await counts();
    const html = await record(
      accountant,
      { date: today(), categoryId, amount: 1_000 },
      { buffer: Buffer.from('<svg onload="alert(1)"></svg>'), name: 'receipt.png' },
    );
    expect(html.status).toBe(400);
    expect(html.body.code).toBe('UNSUPPORTED_FILE');
    const big = await record(accountant, { date: today(), categoryId, amount: 1_000_000_001 });
    expect(big.status).toBe(400);
    expect(big.body.code).toBe('VALIDATION_FAILED');
    const sum = await record(accountant, {
      date: today(),
      categoryId,
      amount: 1_000_000_000,
      vat: 1,
    });
    expect(sum.status).toBe(400);
    expect(sum.body.code).toBe('EXPENSE_TOTAL_LIMIT');
    const broke = await record(accountant, { date: today(), categoryId, amount: 999_999_999 });
    expect(broke.status).toBe(400);
    expect(broke.body.code).toBe('VAULT_INSUFFICIENT');
    const json = await accountant.agent
      .post('/api/Expenses')
      .set('X-CSRF-Token', accountant.csrf)
      .field('data', '{not json');
    expect(json.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('checks permissions, branch scope and the totals permission', async () => {
    const rows = await createUserWith(t.ds, ['can_see_expenses'], { branchId });
    const clerk = new Client(t.app);
    await clerk.signIn(rows.username, rows.password);
    const list = await clerk.get('/api/Expenses');
    expect(list.status).toBe(200);
    expect(list.body.every((e: ExpenseDto) => e.branchId === branchId)).toBe(true);
    expect((await clerk.get('/api/Expenses/totals')).status).toBe(403);
    expect((await clerk.get(`/api/Expenses?from=${today()}`)).status).toBe(403);

    const totals = await accountant.get(`/api/Expenses/totals?branchId=${branchId}`);
    expect(totals.status).toBe(200);
    const [{ sum }] = await t.ds.query(
      `SELECT COALESCE(sum(total), 0)::int AS sum FROM expenses WHERE branch_id = $1 AND status = 'recorded'`,
      [branchId],
    );
    expect(totals.body.total).toBe(sum);

    const none = await createUserWith(t.ds, ['can_see_invoices'], { branchId });
    const outsider = new Client(t.app);
    await outsider.signIn(none.username, none.password);
    expect((await outsider.get('/api/Expenses')).status).toBe(403);

    // another branch's expense and its photo are not found; its vault cannot be paid from
    const other = await createUserWith(t.ds, ['can_see_expenses'], { branchId: otherBranchId });
    const stranger = new Client(t.app);
    await stranger.signIn(other.username, other.password);
    const [mine] = list.body as ExpenseDto[];
    expect((await stranger.get(`/api/Expenses/${mine.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/Expenses/${mine.id}/attachment`)).status).toBe(404);
    const paid = await record(stranger, { date: today(), categoryId, vaultId, amount: 100 });
    expect(paid.status).toBe(403);
  });

  it('shows a template as due until recorded this month, and pushes the count daily', async () => {
    const template = await accountant.post('/api/RecurringExpenses', {
      name: 'اشتراك الإنترنت',
      categoryId,
      vaultId,
      amount: 50_000,
      dayOfMonth: 1,
    });
    expect(template.status).toBe(201);
    expect(template.body.branchId).toBe(branchId);
    const due = async () =>
      ((await accountant.get('/api/Expenses/due')).body as { id: string }[]).map((d) => d.id);
    expect(await due()).toContain(template.body.id);

    const told = await t.app.get(ExpenseReminders).remind();
    expect(told).toContainEqual({ branchId, count: expect.any(Number) });
    const [push] = await t.ds.query(
      `SELECT payload FROM outbox WHERE type = 'expenses.due' AND branch_id = $1 ORDER BY seq DESC LIMIT 1`,
      [branchId],
    );
    expect(push.payload.count).toBeGreaterThan(0);

    const fromTemplate = () =>
      record(accountant, {
        date: today(),
        categoryId,
        amount: 50_000,
        recurringId: template.body.id,
      });
    const paid = await fromTemplate();
    expect(paid.status).toBe(201);
    expect(await due()).not.toContain(template.body.id);
    const twice = await fromTemplate();
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('EXPENSE_RECURRING_RECORDED');
  });
});
