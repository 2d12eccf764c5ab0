import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { v7 as uuidv7 } from 'uuid';
import type { CustomerDebtDto } from '@pos/contracts';
import { CommandRunner } from '../../server/src/core/cqrs';
import { queuePosting } from '../../server/src/modules/accounting';
import { createVaultAccount } from '../../server/src/modules/cash';
import { Client, createTestApp, createUserWith, tableCounts, type TestApp } from './support/app';

// Issue 16 item 1 (/Customers/Debts) and issue 15 item 6 (a customer payment into a vault) against
// the real database: FIFO aging with concrete figures, the branch filter and its permission, the
// totals and the export, and the payment's vault, movement, ledger row and journal lines.
describe('customer debts', () => {
  let t: TestApp;
  let admin: Client;
  let manager: Client;
  let branch1: string;
  let branch2: string;
  let vault1: { id: string; account_id: string };
  let vault2: string;
  let cashierId: string;
  const token = `dbt${Date.now().toString(36)}`;
  let a: string; // owes in both branches, partly paid
  let b: string; // one old debt, long terms
  let c: string; // paid up

  const zone = async () =>
    (
      await t.ds.query(
        `SELECT COALESCE((SELECT time_zone FROM store_settings WHERE id = 1), 'Africa/Cairo') AS z`,
      )
    )[0].z as string;
  /** Noon (store time) of the store's day `days` ago: the ages are exact calendar days. */
  let tz = 'Africa/Cairo';
  const dayAgo = (days: number) =>
    `(((now() AT TIME ZONE '${tz}')::date - ${days}) + time '12:00') AT TIME ZONE '${tz}'`;

  /** A sale on account of `days` ago in a branch (the invoice and its ledger row, as CreateSale writes them). */
  const owe = async (customerId: string, branchId: string, amount: number, days: number) => {
    const saleId = uuidv7();
    const [inv] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
    await t.ds.query(
      `INSERT INTO sales_invoices (id, number, branch_id, inventory_id, cashier_id, customer_id, subtotal, line_discount_total,
         invoice_discount, vat_total, total, cost_total, paid_total, change_due, due_amount, request_hash, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 0, 0, 0, $7, 0, 0, 0, $7, 'fixture', ${dayAgo(days)})`,
      [saleId, `T-${saleId}`, branchId, inv.id, cashierId, customerId, amount],
    );
    await ledger(customerId, 'sale', amount, days, saleId);
  };
  const ledger = async (
    customerId: string,
    type: 'sale' | 'payment',
    amount: number,
    days: number,
    saleId: string | null = null,
  ) => {
    const [[row]] = await t.ds.query(
      'UPDATE customers SET balance = balance + $2 WHERE id = $1 RETURNING balance',
      [customerId, amount],
    );
    await t.ds.query(
      `INSERT INTO customer_ledger (id, customer_id, type, amount, balance_after, reference_type, reference_id, user_id, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, ${dayAgo(days)})`,
      [uuidv7(), customerId, type, amount, row.balance, type, saleId, cashierId],
    );
    // …and its lines on the customers' control account, so the books' invariants that later specs
    // check on this shared database (every customer = its ledger = its part of the account) hold.
    const side = (debit: number) => (debit > 0 ? { debit } : { credit: -debit });
    await t.app
      .get(CommandRunner)
      .run({ userId: cashierId, ip: '127.0.0.1', userAgent: 'medium' } as never, async (tx) =>
        queuePosting(tx, {
          branchId: null,
          source: null,
          description: 'medium fixture',
          lines: [
            { account: 'customers', ...side(amount), party: { type: 'customer', id: customerId } },
            { account: 'other_income', ...side(-amount) },
          ],
        }),
      );
  };
  const customer = async (name: string, extra: object = {}) => {
    const res = await admin.post('/api/Customers', { name: `${name} ${token}`, ...extra });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const debts = async (client: Client, query = '') => {
    const res = await client.get(`/api/Customers/Debts?q=${token}${query}`);
    return { status: res.status, headers: res.headers, body: res.body as CustomerDebtDto[] };
  };
  const byId = (rows: CustomerDebtDto[], id: string) => rows.find((r) => r.customerId === id);
  const balance = async (table: 'customers' | 'vaults', id: string) =>
    Number((await t.ds.query(`SELECT balance FROM ${table} WHERE id = $1`, [id]))[0].balance);

  beforeAll(async () => {
    t = await createTestApp();
    tz = await zone();
    admin = new Client(t.app, 'en');
    await admin.signIn('admin');
    [{ id: branch1 }, { id: branch2 }] = await t.ds.query(
      'SELECT id FROM branches ORDER BY created_at LIMIT 2',
    );
    [vault1] = await t.ds.query(
      `SELECT id, account_id FROM vaults WHERE branch_id = $1 AND is_main AND type = 'cash'`,
      [branch1],
    );
    await t.ds.transaction(async (m) => {
      const accountId = await createVaultAccount(m, { name: `بنك ${token}`, type: 'bank' });
      vault2 = uuidv7();
      await m.query(
        `INSERT INTO vaults (id, name, type, branch_id, account_id) VALUES ($1, $2, 'bank', $3, $4)`,
        [vault2, `بنك ${token}`, branch2, accountId],
      );
    });
    [{ id: cashierId }] = await t.ds.query(`SELECT id FROM users WHERE username = 'admin'`);
    const m = await createUserWith(
      t.ds,
      ['can_see_customers', 'can_see_customer_depts', 'can_see_totals'],
      {
        branchId: branch1,
      },
    );
    manager = new Client(t.app, 'en');
    await manager.signIn(m.username, m.password);

    a = await customer('عميل أ', { phone: '01001234567', creditLimit: 500_000 });
    b = await customer('عميل ب', { paymentTermsDays: 120 });
    c = await customer('عميل ج');
    // A: 1,000 (100 days, branch 1), 500 (70 days, branch 2), 300 (40 days, branch 1),
    // 200 (10 days, branch 2); paid 1,200 five days ago: FIFO clears the 1,000 and 200 of the 500.
    await owe(a, branch1, 100_000, 100);
    await owe(a, branch2, 50_000, 70);
    await owe(a, branch1, 30_000, 40);
    await owe(a, branch2, 20_000, 10);
    await ledger(a, 'payment', -120_000, 5);
    await owe(b, branch1, 40_000, 95);
    await owe(c, branch1, 10_000, 50);
    await ledger(c, 'payment', -10_000, 3);
  });
  afterAll(async () => {
    await t.close();
  });

  it('ages what is left after payments FIFO, by the debit dates, with the last payment', async () => {
    const res = await debts(admin);
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.body.map((r) => r.customerId)).toEqual([b, a]); // oldest unpaid debt first
    expect(byId(res.body, c)).toBeUndefined();
    const rowA = byId(res.body, a)!;
    expect(rowA).toMatchObject({
      name: `عميل أ ${token}`,
      phone: '01001234567',
      creditLimit: 500_000,
      balance: 80_000,
      open: 80_000,
      buckets: { d0_30: 20_000, d31_60: 30_000, d61_90: 30_000, d90_plus: 0 },
      oldestDays: 70,
      paymentTermsDays: 30,
      overdueAmount: 60_000,
      overdueDays: 40,
      lastPaymentAmount: 120_000,
    });
    expect(rowA.lastPaymentAt).not.toBeNull();
    expect(byId(res.body, b)).toMatchObject({
      open: 40_000,
      buckets: { d0_30: 0, d31_60: 0, d61_90: 0, d90_plus: 40_000 },
      oldestDays: 95,
      paymentTermsDays: 120,
      overdueAmount: 0,
      overdueDays: 0,
      lastPaymentAt: null,
      lastPaymentAmount: null,
    });
  });

  it('filters by bucket, by the reminder list (past terms) and pages', async () => {
    expect((await debts(admin, '&bucket=d90_plus')).body.map((r) => r.customerId)).toEqual([b]);
    expect((await debts(admin, '&bucket=d31_60')).body.map((r) => r.customerId)).toEqual([a]);
    expect((await debts(admin, '&overdue=true')).body.map((r) => r.customerId)).toEqual([a]);
    const page2 = await debts(admin, '&pageSize=1&page=2');
    expect(page2.headers['x-total-count']).toBe('2');
    expect(page2.body.map((r) => r.customerId)).toEqual([a]);
    expect((await debts(admin, '&bucket=d45')).status).toBe(400);
  });

  it('keeps the debts that arose in a branch (the sale’s branch), within the user’s read scope', async () => {
    const one = byId((await debts(admin, `&branchId=${branch1}`)).body, a)!;
    expect(one).toMatchObject({
      balance: 80_000,
      open: 30_000,
      buckets: { d0_30: 0, d31_60: 30_000, d61_90: 0, d90_plus: 0 },
      oldestDays: 40,
    });
    const two = byId((await debts(admin, `&branchId=${branch2}`)).body, a)!;
    expect(two).toMatchObject({
      open: 50_000,
      buckets: { d0_30: 20_000, d31_60: 0, d61_90: 30_000, d90_plus: 0 },
      oldestDays: 70,
    });
    expect(byId((await debts(admin, `&branchId=${branch2}`)).body, b)).toBeUndefined();
    // A user of branch 1 without can_see_branches sees branch 1's debts only.
    const own = await debts(manager);
    expect(own.status).toBe(200);
    expect(byId(own.body, a)?.open).toBe(30_000);
    expect((await debts(manager, `&branchId=${branch2}`)).status).toBe(403);
    expect((await manager.get('/api/Customers/Debts/filters')).body.branches).toEqual([
      { id: branch1, name: expect.any(String) },
    ]);
  });

  it('answers 403 without can_see_customer_depts; the totals row needs can_see_totals', async () => {
    const u = await createUserWith(t.ds, ['can_see_customers', 'can_see_totals']);
    const outsider = new Client(t.app, 'en');
    await outsider.signIn(u.username, u.password);
    expect((await outsider.get('/api/Customers/Debts')).status).toBe(403);
    expect((await outsider.get('/api/Customers/Debts?format=xlsx')).status).toBe(403);
    const d = await createUserWith(t.ds, ['can_see_customer_depts'], { branchId: branch1 });
    const debtsOnly = new Client(t.app, 'en');
    await debtsOnly.signIn(d.username, d.password);
    expect((await debts(debtsOnly)).status).toBe(200);
    expect((await debtsOnly.get('/api/Customers/Debts/totals')).status).toBe(403);
    const totals = await admin.get(`/api/Customers/Debts/totals?q=${token}`);
    expect(totals.status).toBe(200);
    expect(totals.body).toEqual({
      customers: 2,
      open: 120_000,
      buckets: { d0_30: 20_000, d31_60: 30_000, d61_90: 30_000, d90_plus: 40_000 },
      overdueAmount: 60_000,
    });
  });

  it('exports the filtered list as an RTL workbook with amounts in pounds and the totals row', async () => {
    const binary = (res: Response, cb: (err: Error | null, body: Buffer) => void) => {
      const chunks: Buffer[] = [];
      res.on('data', (x: Buffer) => chunks.push(x));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    };
    // Not signed in: refused.
    expect((await new Client(t.app).get(`/api/Customers/Debts?format=xlsx`)).status).toBe(401);
    const file = await admin
      .get(`/api/Customers/Debts?format=xlsx&q=${token}`)
      .set('Cookie', 'locale=ar')
      .buffer(true)
      .parse(binary);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body);
    const ws = wb.worksheets[0];
    expect(ws.views[0]).toMatchObject({ rightToLeft: true });
    expect(ws.getRow(1).getCell(4).value).toBe('الرصيد المستحق');
    expect(ws.getRow(2).getCell(1).value).toBe(`عميل ب ${token}`);
    expect(ws.getRow(3).values).toEqual(
      expect.arrayContaining([`عميل أ ${token}`, 5000, 800, 200, 300, 300, 0, 70, 600, 1200]),
    );
    expect(ws.getRow(4).getCell(1).value).toBe('الإجمالي');
    expect([4, 5, 6, 7, 8].map((i) => ws.getRow(4).getCell(i).value)).toEqual([
      1200, 200, 300, 300, 400,
    ]);
  });

  it('takes a payment into a vault: vault balance, movement, ledger row, journal lines, listed once', async () => {
    const vaultBefore = await balance('vaults', vault1.id);
    const vaults = await manager.get('/api/Customers/payment-vaults');
    expect(vaults.status).toBe(200);
    expect(vaults.body.every((v: { branchId: string }) => v.branchId === branch1)).toBe(true);
    expect(vaults.body[0]).toMatchObject({ id: vault1.id, isMain: true, type: 'cash' });
    const id = uuidv7();
    const paid = await manager.post(`/api/Customers/${a}/payments`, {
      id,
      amount: 25_000,
      vaultId: vault1.id,
      note: 'تحصيل',
    });
    expect(paid.status).toBe(201);
    expect(paid.body.balance).toBe(55_000);
    expect(await balance('vaults', vault1.id)).toBe(vaultBefore + 25_000);
    expect(
      await t.ds.query(
        `SELECT type, amount::int, source_type, source_id, source_number, branch_id, note FROM vault_movements
          WHERE vault_id = $1 AND source_id = $2`,
        [vault1.id, a],
      ),
    ).toEqual([
      {
        type: 'customer_payment',
        amount: 25_000,
        source_type: 'customer',
        source_id: a,
        source_number: `عميل أ ${token}`,
        branch_id: branch1,
        note: 'تحصيل',
      },
    ]);
    expect(
      await t.ds.query(
        'SELECT type, amount::int, vault_id, shift_id, method_id FROM customer_ledger WHERE id = $1',
        [id],
      ),
    ).toEqual([
      { type: 'payment', amount: -25_000, vault_id: vault1.id, shift_id: null, method_id: null },
    ]);
    const lines = await t.ds.query(
      `SELECT e.branch_id, l.account_id, a.system_key, l.debit::int, l.credit::int, l.party_id
         FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN accounts a ON a.id = l.account_id
        WHERE e.source_type = 'customer_payment' AND e.source_id = $1 ORDER BY l.line_no`,
      [id],
    );
    expect(lines).toEqual([
      expect.objectContaining({
        branch_id: branch1,
        account_id: vault1.account_id,
        debit: 25_000,
        credit: 0,
      }),
      expect.objectContaining({ system_key: 'customers', debit: 0, credit: 25_000, party_id: a }),
    ]);
    // /Transactions lists it once (the vault's movement), not also as a till payment.
    const tx = await admin.get(`/api/Transactions?type=customer_payment&pageSize=500`);
    expect(tx.status).toBe(200);
    expect(tx.body.filter((r: { sourceId: string; amount: number }) => r.sourceId === a)).toEqual([
      expect.objectContaining({ vaultId: vault1.id, amount: 25_000 }),
    ]);
    // FIFO again: 1,450 paid clears the 1,000 and 450 of the 500 (70 days).
    expect(byId((await debts(admin)).body, a)?.buckets).toEqual({
      d0_30: 20_000,
      d31_60: 30_000,
      d61_90: 5_000,
      d90_plus: 0,
    });
    // A retry of the same payment id moves nothing more.
    const again = await manager.post(`/api/Customers/${a}/payments`, {
      id,
      amount: 25_000,
      vaultId: vault1.id,
    });
    expect(again.status).toBe(201);
    expect(await balance('vaults', vault1.id)).toBe(vaultBefore + 25_000);
    expect(await balance('customers', a)).toBe(55_000);
  });

  it('refuses another branch’s vault, a user without can_see_totals and bad input: nothing written', async () => {
    const before = await tableCounts(t.ds, ['sessions', 'audit_logs']);
    const other = await manager.post(`/api/Customers/${a}/payments`, {
      id: uuidv7(),
      amount: 1_000,
      vaultId: vault2,
    });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('CUSTOMER_PAYMENT_VAULT');
    expect(other.body.message).toBe('اختر خزينة نشطة من خزائن فرعك');
    expect(await tableCounts(t.ds, ['sessions', 'audit_logs'])).toEqual(before);
    const u = await createUserWith(t.ds, ['can_see_customers'], { branchId: branch1 });
    const clerk = new Client(t.app, 'ar');
    await clerk.signIn(u.username, u.password);
    const before2 = await tableCounts(t.ds, ['sessions', 'audit_logs']);
    expect((await clerk.get('/api/Customers/payment-vaults')).status).toBe(403);
    const clerkPay = await clerk.post(`/api/Customers/${a}/payments`, {
      id: uuidv7(),
      amount: 1_000,
      vaultId: vault1.id,
    });
    expect(clerkPay.status).toBe(403);
    expect(clerkPay.body.code).toBe('CUSTOMER_PAYMENT_VAULT_FORBIDDEN');
    for (const body of [
      { id: uuidv7(), amount: 0, vaultId: vault1.id },
      { id: uuidv7(), amount: 1_000 }, // no method and no vault
      { id: uuidv7(), amount: 1_000, vaultId: 'not-a-uuid' },
      { id: uuidv7(), amount: 1.5, vaultId: vault1.id },
    ]) {
      const res = await manager.post(`/api/Customers/${a}/payments`, body);
      expect(res.status).toBe(400);
    }
    expect(await tableCounts(t.ds, ['sessions', 'audit_logs'])).toEqual(before2);
  });

  it('the demo has customers on account in every bucket, some past their terms', async () => {
    const totals = (await admin.get('/api/Customers/Debts/totals')).body;
    for (const b of ['d0_30', 'd31_60', 'd61_90', 'd90_plus'])
      expect(totals.buckets[b]).toBeGreaterThan(0);
    const demo = (
      await admin.get(`/api/Customers/Debts?q=${encodeURIComponent('النور للمقاولات')}`)
    ).body as CustomerDebtDto[];
    expect(demo).toHaveLength(1);
    // the oldest debt was written 120 store days before the seed day (its payment was taken then);
    // a run that crosses the store's midnight after seeding sees it one day older
    const cairoDay = (d: Date) =>
      Date.parse(d.toLocaleDateString('en-CA', { timeZone: 'Africa/Cairo' }));
    const sinceSeed = Math.round(
      (cairoDay(new Date()) - cairoDay(new Date(demo[0].lastPaymentAt!))) / 86_400_000,
    );
    expect(demo[0]).toMatchObject({ paymentTermsDays: 45, oldestDays: 120 + sinceSeed });
    expect(demo[0].overdueAmount).toBeGreaterThan(0);
    expect(demo[0].lastPaymentAmount).toBe(50_000);
    // its sales are history written without the sale command's stock check: none oversold
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM stock_levels s JOIN inventories i ON i.id = s.inventory_id
        WHERE NOT i.allow_negative AND s.on_hand < 0`,
    );
    expect(n).toBe(0);
  });
});
