import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { Client, createTestApp, createUserWith, type TestApp } from './support/app';

// Issue 13 item 6: the account statement, the income statement and the balance sheet over a small
// fixed set of entries in a branch of their own, dated January–February 2020 (store days), so
// nothing else the run posts falls inside their ranges.
describe('accounting reports', () => {
  let t: TestApp;
  let admin: Client;
  let branch: string;
  let otherBranch: string;
  const acc: Record<string, string> = {};
  const party = { p: randomUUID(), q: randomUUID() };

  type L = [account: string, debit: number, credit: number, party?: string];
  const entry = async (day: string, description: string, lines: L[]) => {
    const id = randomUUID();
    await t.ds.transaction(async (m) => {
      const [{ tz }] = await m.query(
        `SELECT COALESCE((SELECT time_zone FROM store_settings WHERE id = 1), 'Africa/Cairo') AS tz`,
      );
      await m.query(
        `INSERT INTO journal_entries (id, occurred_at, branch_id, source_type, source_id, description)
         VALUES ($1, ($2::date + time '12:00') AT TIME ZONE $3, $4, 'manual', $1, $5)`,
        [id, day, tz, branch, description],
      );
      await m.query(
        `INSERT INTO journal_lines (entry_id, line_no, account_id, debit, credit, branch_id, party_type, party_id)
         SELECT $1, n, a, d, c, $6, CASE WHEN p IS NULL THEN NULL ELSE 'customer' END, p
           FROM unnest($2::uuid[], $3::bigint[], $4::bigint[], $5::uuid[]) WITH ORDINALITY AS x(a, d, c, p, n)`,
        [
          id,
          lines.map((l) => acc[l[0]]),
          lines.map((l) => l[1]),
          lines.map((l) => l[2]),
          lines.map((l) => l[3] ?? null),
          branch,
        ],
      );
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    // through the API, so each branch opens its main vault as every branch does
    const makeBranch = async (name: string) => {
      const res = await admin.post('/api/Branch', { name, taxType: 'B' });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    branch = await makeBranch('فرع التقارير');
    otherBranch = await makeBranch('فرع آخر');
    for (const r of await t.ds.query(
      `SELECT id, system_key FROM accounts WHERE system_key IS NOT NULL`,
    ))
      acc[r.system_key] = r.id;
    const code = `52${Date.now().toString().slice(-6)}`;
    [{ id: acc.rent }] = await t.ds.query(
      `INSERT INTO accounts (code, name_ar, name_en, type, normal_side, parent_id)
       SELECT $1, 'إيجار فرع التقارير', 'Report branch rent', 'expense', 'debit', id FROM accounts WHERE system_key = 'operating_expenses'
       RETURNING id`,
      [code],
    );
    for (const [id, name] of [
      [party.p, 'عميل التقارير'],
      [party.q, 'عميل آخر'],
    ])
      await t.ds.query(`INSERT INTO customers (id, name) VALUES ($1, $2)`, [id, name]);

    await entry('2020-01-01', 'رأس المال', [
      ['cash', 1_000_000, 0],
      ['capital', 0, 1_000_000],
    ]);
    await entry('2020-01-05', 'شراء بضاعة', [
      ['inventory', 400_000, 0],
      ['cash', 0, 400_000],
    ]);
    await entry('2020-01-10', 'بيع نقدي', [
      ['cash', 114_000, 0],
      ['sales', 0, 100_000],
      ['vat_output', 0, 14_000],
      ['cogs', 60_000, 0],
      ['inventory', 0, 60_000],
    ]);
    await entry('2020-01-12', 'بيع آجل', [
      ['customers', 57_000, 0, party.p],
      ['sales', 0, 50_000],
      ['vat_output', 0, 7_000],
      ['cogs', 30_000, 0],
      ['inventory', 0, 30_000],
    ]);
    await entry('2020-01-15', 'مرتجع', [
      ['sales_returns', 10_000, 0],
      ['vat_output', 1_400, 0],
      ['cash', 0, 11_400],
      ['inventory', 6_000, 0],
      ['cogs', 0, 6_000],
    ]);
    await entry('2020-01-20', 'إيجار يناير', [
      ['rent', 20_000, 0],
      ['cash', 0, 20_000],
    ]);
    await entry('2020-01-25', 'تحصيل من العملاء', [
      ['cash', 37_000, 0],
      ['customers', 0, 27_000, party.p],
      ['customers', 0, 10_000, party.q],
    ]);
    await entry('2020-01-28', 'إيراد آخر', [
      ['cash', 5_000, 0],
      ['other_income', 0, 5_000],
    ]);
    await entry('2020-02-03', 'إيجار فبراير', [
      ['rent', 20_000, 0],
      ['cash', 0, 20_000],
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const qs = (q: Record<string, string>) => new URLSearchParams(q).toString();

  it('lists a statement: the opening balance, each movement with its running balance, the closing', async () => {
    const res = await admin.get(
      `/api/reports/AccountStatement?${qs({ accountId: acc.cash, branchId: branch, from: '2020-01-10', to: '2020-01-31' })}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.account.code).toBe('1101');
    expect(res.body.opening).toBe(600_000);
    expect(
      res.body.lines.map((l: Record<string, unknown>) => [
        l.day,
        l.description,
        l.debit,
        l.credit,
        l.balance,
      ]),
    ).toEqual([
      ['2020-01-10', 'بيع نقدي', 114_000, 0, 714_000],
      ['2020-01-15', 'مرتجع', 0, 11_400, 702_600],
      ['2020-01-20', 'إيجار يناير', 0, 20_000, 682_600],
      ['2020-01-25', 'تحصيل من العملاء', 37_000, 0, 719_600],
      ['2020-01-28', 'إيراد آخر', 5_000, 0, 724_600],
    ]);
    expect(res.body.totals).toEqual({ debit: 156_000, credit: 31_400 });
    expect(res.body.closing).toBe(724_600);
    // Each movement names its entry (the link back to its document).
    expect(res.body.lines[0]).toMatchObject({ sourceType: 'manual' });
    expect(typeof res.body.lines[0].entryNumber).toBe('number');
  });

  it('lists one customer on the customers control account, on the normal side', async () => {
    const res = await admin.get(
      `/api/reports/AccountStatement?${qs({ accountId: acc.customers, branchId: branch, partyType: 'customer', partyId: party.p })}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.partyName).toBe('عميل التقارير');
    expect(res.body.lines.map((l: { balance: number }) => l.balance)).toEqual([57_000, 30_000]);
    expect(res.body.closing).toBe(30_000);
    // A credit-side account runs its balance the other way: capital shows +10,000.00.
    const capital = await admin.get(
      `/api/reports/AccountStatement?${qs({ accountId: acc.capital, branchId: branch })}`,
    );
    expect(capital.body.closing).toBe(1_000_000);
    // A party without its type is a 400 in the user's language.
    const bad = await admin.get(
      `/api/reports/AccountStatement?${qs({ accountId: acc.customers, partyId: party.p })}`,
    );
    expect(bad.status).toBe(400);
  });

  it('sums the income statement: net sales, COGS, gross profit, expenses, other income, net profit', async () => {
    const res = await admin.get(
      `/api/reports/IncomeStatement?${qs({ branchId: branch, from: '2020-01-01', to: '2020-01-31' })}`,
    );
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.revenue.rows.map((r: { code: string }) => r.code)).toEqual(['4101']);
    expect(b.revenue.total).toBe(150_000);
    expect(b.contraRevenue.total).toBe(10_000);
    expect(b.netSales).toBe(140_000);
    expect(b.cogs.total).toBe(84_000);
    expect(b.grossProfit).toBe(56_000);
    expect(b.expenses.rows).toEqual([
      expect.objectContaining({ accountId: acc.rent, amount: 20_000 }),
    ]);
    expect(b.otherIncome.total).toBe(5_000);
    expect(b.netProfit).toBe(41_000);
    const feb = await admin.get(
      `/api/reports/IncomeStatement?${qs({ branchId: branch, from: '2020-02-01', to: '2020-02-29' })}`,
    );
    expect(feb.body.netProfit).toBe(-20_000);
  });

  it('balances the balance sheet with the profit not yet closed, for the branch and for all', async () => {
    const res = await admin.get(
      `/api/reports/BalanceSheet?${qs({ branchId: branch, at: '2020-01-31' })}`,
    );
    expect(res.status).toBe(200);
    const b = res.body;
    const byCode = (rows: { code: string; amount: number }[]) =>
      Object.fromEntries(rows.map((r) => [r.code, r.amount]));
    expect(byCode(b.assets.rows)).toEqual({ '1101': 724_600, '1106': 20_000, '1107': 316_000 });
    expect(b.assets.total).toBe(1_060_600);
    expect(b.liabilities.total).toBe(19_600);
    expect(b.equity.total).toBe(1_000_000);
    expect(b.profit).toBe(41_000);
    expect(b.interBranch).toBe(0);
    expect(b.totalLiabilitiesAndEquity).toBe(1_060_600);
    const feb = await admin.get(
      `/api/reports/BalanceSheet?${qs({ branchId: branch, at: '2020-02-29' })}`,
    );
    expect(feb.body.profit).toBe(21_000);
    expect(feb.body.assets.total).toBe(feb.body.totalLiabilitiesAndEquity);
    const all = await admin.get('/api/reports/BalanceSheet');
    expect(all.status).toBe(200);
    expect(all.body.interBranch).toBe(0);
    expect(all.body.assets.total).toBe(all.body.totalLiabilitiesAndEquity);
  });

  const binary = (res: Response, cb: (err: Error | null, body: Buffer) => void) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  };
  const workbook = async (client: Client, path: string) => {
    const res = await client
      .get(path)
      .set('Cookie', `locale=${client.locale}`)
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body);
    return wb.worksheets[0];
  };

  it('exports each report as an Excel workbook: pounds as numbers, Arabic right to left', async () => {
    const ws = await workbook(
      admin,
      `/api/reports/AccountStatement?${qs({ accountId: acc.cash, branchId: branch, from: '2020-01-10', to: '2020-01-31', format: 'xlsx' })}`,
    );
    expect(ws.views[0].rightToLeft).toBe(true);
    const values = ws.getSheetValues().flat();
    expect(values).toContain(6000); // the opening balance, 6,000.00 pounds
    expect(values).toContain(7246); // the closing balance
    expect(values).toContain('مرتجع');

    const en = new Client(t.app, 'en');
    await en.signIn('admin');
    const is = await workbook(
      en,
      `/api/reports/IncomeStatement?${qs({ branchId: branch, from: '2020-01-01', to: '2020-01-31', format: 'xlsx' })}`,
    );
    expect(is.views[0].rightToLeft).toBe(false);
    const net = is
      .getSheetValues()
      .find((row) => Array.isArray(row) && row.includes('Net profit')) as unknown[];
    expect(net).toContain(410);
    const bs = await workbook(
      en,
      `/api/reports/BalanceSheet?${qs({ branchId: branch, at: '2020-01-31', format: 'xlsx' })}`,
    );
    expect(bs.getSheetValues().flat()).toContain(10606);
    const tb = await workbook(
      en,
      `/api/reports/TrialBalance?${qs({ branchId: branch, from: '2020-01-01', to: '2020-01-31', format: 'xlsx' })}`,
    );
    expect(tb.getSheetValues().flat()).toContain('Trial balance');
  });

  it('needs can_see_totals for figures and can_see_profit for profit; dates need can_use_date_filter', async () => {
    const as = async (permissions: Parameters<typeof createUserWith>[1], branchId?: string) => {
      const u = await createUserWith(t.ds, permissions, { branchId });
      const c = new Client(t.app);
      await c.signIn(u.username, u.password);
      return c;
    };
    const statement = `/api/reports/AccountStatement?${qs({ accountId: acc.cash, branchId: branch })}`;
    const none = await as(['can_see_invoices']);
    for (const path of [
      statement,
      '/api/reports/IncomeStatement',
      '/api/reports/BalanceSheet',
      `${statement}&format=xlsx`,
    ])
      expect((await none.get(path)).status).toBe(403);

    const totals = await as(['can_see_totals', 'can_see_branches']);
    expect((await totals.get(statement)).status).toBe(200);
    expect((await totals.get('/api/reports/IncomeStatement')).status).toBe(403);
    expect((await totals.get('/api/reports/BalanceSheet')).status).toBe(403);
    expect((await totals.get(`${statement}&from=2020-01-01`)).status).toBe(403);

    const profit = await as(['can_see_totals', 'can_see_profit']);
    expect((await profit.get('/api/reports/IncomeStatement')).status).toBe(200);
    expect((await profit.get('/api/reports/BalanceSheet')).status).toBe(200);
    const dated = await profit.get('/api/reports/BalanceSheet?at=2020-01-31');
    expect(dated.status).toBe(403);
    expect(dated.body.message).toBe('ليس لديك صلاحية البحث بالتاريخ');

    // A user of another branch who does not see every branch reads only their own branch.
    const local = await as(
      ['can_see_totals', 'can_see_profit', 'can_use_date_filter'],
      otherBranch,
    );
    const theirs = await local.get(statement);
    expect(theirs.status).toBe(200);
    expect(theirs.body.branchId).toBe(otherBranch);
    expect(theirs.body.lines).toEqual([]);
    const is = await local.get(
      `/api/reports/IncomeStatement?${qs({ branchId: branch, from: '2020-01-01', to: '2020-01-31' })}`,
    );
    expect(is.body.netProfit).toBe(0);
  });
});
