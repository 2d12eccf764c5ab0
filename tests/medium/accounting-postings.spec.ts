import { randomUUID } from 'node:crypto';
import { Client, createTestApp, createUserWith, freeRegister, type TestApp } from './support/app';

// Issue 13: every money fact a command raises is posted to the journal in the same transaction
// by a domain-event subscriber (each module's events/*.post-journal.handler.ts), and the books
// always balance.
describe('automatic journal postings', () => {
  let t: TestApp;
  let admin: Client;
  let branchId: string;
  let inventoryId: string;
  let cash: string;
  let card: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    [{ branch_id: branchId }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'admin'`,
    );
    [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
    const methods: { id: string; type: string }[] = (await admin.get('/api/PaymentMethods')).body;
    cash = methods.find((m) => m.type === 'cash')!.id;
    card = methods.find((m) => m.type === 'card')!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  /** A product at 114.00 EGP including 14 % VAT (100.00 net), bought at 60.00. */
  const product = async () => {
    const res = await admin.post('/api/Products', {
      nameAr: `صنف قيود ${randomUUID().slice(0, 8)}`,
      vatRate: 14,
      variants: [
        {
          barcodes: [`J-${randomUUID().slice(0, 12)}`],
          sellPrice: 11400,
          minSellPrice: 11400,
          avgCost: 6000,
          openingStock: [{ inventoryId, quantity: 20 }],
        },
      ],
    });
    expect(res.status).toBe(201);
    return res.body.variants[0].id as string;
  };

  type Line = { account: string; debit: number; credit: number; party: string | null };
  /** The standing entries of a document, as sorted account/debit/credit rows. */
  const posted = async (sourceType: string, sourceId: string, standing = true): Promise<Line[]> => {
    const rows = await t.ds.query(
      `SELECT a.system_key AS account, l.debit, l.credit, l.party_id AS party
         FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN accounts a ON a.id = l.account_id
        WHERE e.source_type = $1 AND e.source_id = $2 ${standing ? 'AND e.reverses_id IS NULL AND e.reversed_by_id IS NULL' : ''}
        ORDER BY a.system_key, l.debit, l.credit`,
      [sourceType, sourceId],
    );
    return rows.map((r: Record<string, string>) => ({
      account: r.account,
      debit: Number(r.debit),
      credit: Number(r.credit),
      party: r.party,
    }));
  };
  const sorted = (lines: Line[]) =>
    [...lines].sort(
      (x, y) => x.account.localeCompare(y.account) || x.debit - y.debit || x.credit - y.credit,
    );
  const line = (
    account: string,
    debit: number,
    credit: number,
    party: string | null = null,
  ): Line => ({ account, debit, credit, party });

  it('posts a sale, a return, an edit, a payment on account and a shift shortage, each balanced', async () => {
    const user = await createUserWith(t.ds, [
      'can_return_products',
      'can_see_customers',
      'can_grant_credit',
    ]);
    const c = new Client(t.app);
    await c.signIn(user.username, user.password);
    const register = await freeRegister(t.ds, branchId, 70);
    const opened = await c.post('/api/Shift/open', { openingCash: 50000, register });
    expect(opened.status).toBe(201);
    const shiftId = opened.body.id as string;
    const v = await product();

    // Two pieces (228.00, VAT 28.00, cost 120.00) paid 100.00 cash + 128.00 card.
    const sale = await c.post('/api/Sales', {
      id: randomUUID(),
      lines: [{ variantId: v, quantity: 2 }],
      payments: [
        { methodId: cash, amount: 10000 },
        { methodId: card, amount: 12800 },
      ],
    });
    expect(sale.status).toBe(201);
    expect(await posted('sale', sale.body.id)).toEqual(
      sorted([
        line('cash', 10000, 0),
        line('card_clearing', 12800, 0),
        line('sales', 0, 20000),
        line('vat_output', 0, 2800),
        line('cogs', 12000, 0),
        line('inventory', 0, 12000),
      ]),
    );

    // One piece back, refunded in cash.
    const ret = await c.post(`/api/invoices/${sale.body.id}/returns`, {
      id: randomUUID(),
      lines: [{ saleLineId: sale.body.lines[0].id, quantity: 1 }],
    });
    expect(ret.status).toBe(201);
    const returnId = ret.body.returnId ?? ret.body.id;
    expect(await posted('return', returnId)).toEqual(
      sorted([
        line('sales_returns', 10000, 0),
        line('vat_output', 1400, 0),
        line('cash', 0, 11400),
        line('inventory', 6000, 0),
        line('cogs', 0, 6000),
      ]),
    );

    // On account for a customer, then edited to two pieces with 100.00 paid in cash.
    const customer = (await c.post('/api/Customers', { name: 'عميل القيود' })).body;
    const credit = await c.post('/api/Sales', {
      id: randomUUID(),
      customerId: customer.id,
      lines: [{ variantId: v, quantity: 1 }],
      payments: [],
    });
    expect(credit.status).toBe(201);
    expect(await posted('sale', credit.body.id)).toEqual(
      sorted([
        line('customers', 11400, 0, customer.id),
        line('sales', 0, 10000),
        line('vat_output', 0, 1400),
        line('cogs', 6000, 0),
        line('inventory', 0, 6000),
      ]),
    );
    const edit = await admin.patch(`/api/invoices/${credit.body.id}`, {
      lines: [{ variantId: v, quantity: 2 }],
      payments: [{ methodId: cash, amount: 10000 }],
      reason: 'قطعة ثانية',
    });
    expect(edit.status).toBe(200);
    expect(await posted('sale', credit.body.id)).toEqual(
      sorted([
        line('cash', 10000, 0),
        line('customers', 12800, 0, customer.id),
        line('sales', 0, 20000),
        line('vat_output', 0, 2800),
        line('cogs', 12000, 0),
        line('inventory', 0, 12000),
      ]),
    );
    // The first posting stands reversed, mirror for mirror: three entries in all for the invoice.
    const all = await posted('sale', credit.body.id, false);
    expect(all).toHaveLength(5 + 5 + 6);
    const [{ reversed }] = await t.ds.query(
      `SELECT count(*)::int AS reversed FROM journal_entries WHERE source_id = $1 AND reversed_by_id IS NOT NULL`,
      [credit.body.id],
    );
    expect(reversed).toBe(1);

    // 15.00 received on account in cash.
    const paymentId = randomUUID();
    expect(
      (
        await c.post(`/api/Customers/${customer.id}/payments`, {
          id: paymentId,
          methodId: cash,
          amount: 1500,
        })
      ).status,
    ).toBe(201);
    expect(await posted('customer_payment', paymentId)).toEqual(
      sorted([line('cash', 1500, 0), line('customers', 0, 1500, customer.id)]),
    );

    // Closed 3.00 short.
    const x = (await c.get(`/api/Shift/${shiftId}`)).body;
    const closed = await c.post(`/api/Shift/${shiftId}/close`, {
      countedCash: x.totals.expectedCash - 300,
    });
    expect(closed.status).toBe(201);
    expect(await posted('shift', shiftId)).toEqual(
      sorted([line('cash', 0, 300), line('cash_over_short', 300, 0)]),
    );

    // The books balance, and the trial balance says so; the customers account equals the
    // customer's own ledger balance.
    const [{ d, c: cr }] = await t.ds.query(
      'SELECT sum(debit)::bigint AS d, sum(credit)::bigint AS c FROM journal_lines',
    );
    expect(Number(d)).toBe(Number(cr));
    const tb = (await admin.get('/api/reports/TrialBalance')).body;
    expect(tb.totals.debit).toBe(tb.totals.credit);
    expect(tb.totals.closingDebit).toBe(tb.totals.closingCredit);
    const [{ owed }] = await t.ds.query(
      `SELECT COALESCE(sum(l.debit - l.credit), 0)::bigint AS owed FROM journal_lines l WHERE l.party_type = 'customer' AND l.party_id = $1`,
      [customer.id],
    );
    const [{ balance }] = await t.ds.query('SELECT balance FROM customers WHERE id = $1', [
      customer.id,
    ]);
    expect(Number(owed)).toBe(Number(balance));
  });

  it('refuses an unbalanced entry in the database itself, and never changes a posted line', async () => {
    const [{ id: accountId }] = await t.ds.query(
      `SELECT id FROM accounts WHERE system_key = 'cash'`,
    );
    const entryId = randomUUID();
    await expect(
      t.ds.transaction(async (m) => {
        await m.query('INSERT INTO journal_entries (id) VALUES ($1)', [entryId]);
        await m.query(
          'INSERT INTO journal_lines (entry_id, line_no, account_id, debit) VALUES ($1, 1, $2, 100)',
          [entryId, accountId],
        );
      }),
    ).rejects.toThrow(/does not balance/);
    await expect(t.ds.query('UPDATE journal_lines SET debit = debit + 1')).rejects.toThrow(
      /never changed/,
    );
  });

  it('shows the journal and the trial balance only with can_see_totals', async () => {
    const user = await createUserWith(t.ds, ['can_see_invoices']);
    const c = new Client(t.app);
    await c.signIn(user.username, user.password);
    expect((await c.get('/api/reports/TrialBalance')).status).toBe(403);
    expect((await c.get('/api/JournalEntries')).status).toBe(403);
    const list = await admin.get('/api/JournalEntries?sourceType=sale&pageSize=5');
    expect(list.status).toBe(200);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThan(0);
    for (const entry of list.body) {
      expect(entry.sourceType).toBe('sale');
      expect(entry.lines.reduce((s: number, l: { debit: number }) => s + l.debit, 0)).toBe(
        entry.lines.reduce((s: number, l: { credit: number }) => s + l.credit, 0),
      );
    }
  });

  it('posts, retries and reverses a manual entry, refuses an unbalanced one, and closes a period', async () => {
    const accountant = await createUserWith(t.ds, [
      'can_see_totals',
      'can_manage_accounting',
      'can_use_date_filter',
    ]);
    const a = new Client(t.app);
    await a.signIn(accountant.username, accountant.password);
    const accounts: { id: string; systemKey: string | null; isGroup: boolean }[] = (
      await a.get('/api/Accounts')
    ).body;
    const id = (key: string) => accounts.find((x) => x.systemKey === key)!.id;
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const entry = {
      id: randomUUID(),
      date: day,
      reference: 'INV-77',
      description: 'تسوية مسحوبات من رأس المال',
      lines: [
        { accountId: id('drawings'), debit: 1_000_000 },
        { accountId: id('capital'), credit: 1_000_000 },
      ],
    };
    const posted = await a.post('/api/JournalEntries', entry);
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ id: entry.id, sourceType: 'manual', reference: 'INV-77' });
    expect(
      posted.body.lines.map((l: { debit: number; credit: number }) => [l.debit, l.credit]),
    ).toEqual([
      [1_000_000, 0],
      [0, 1_000_000],
    ]);
    // A retry answers the same entry and posts nothing more.
    const retry = await a.post('/api/JournalEntries', entry);
    expect(retry.status).toBe(200);
    expect(
      (
        await t.ds.query('SELECT count(*)::int AS n FROM journal_entries WHERE id = $1', [entry.id])
      )[0].n,
    ).toBe(1);

    const unbalanced = await a.post('/api/JournalEntries', {
      ...entry,
      id: randomUUID(),
      lines: [entry.lines[0], { ...entry.lines[1], credit: 900_000 }],
    });
    expect(unbalanced.status).toBe(400);
    expect(unbalanced.body.code).toBe('JOURNAL_UNBALANCED');
    expect(unbalanced.body.message).toContain('غير متوازن');
    const toGroup = await a.post('/api/JournalEntries', {
      ...entry,
      id: randomUUID(),
      lines: [
        { ...entry.lines[0], accountId: accounts.find((x) => x.isGroup)!.id },
        entry.lines[1],
      ],
    });
    expect(toGroup.status).toBe(400);
    expect(toGroup.body.code).toBe('JOURNAL_ACCOUNT_INVALID');
    // The stock and customer control accounts move only with their documents.
    for (const key of ['inventory', 'customers']) {
      const toControl = await a.post('/api/JournalEntries', {
        ...entry,
        id: randomUUID(),
        lines: [{ ...entry.lines[0], accountId: id(key) }, entry.lines[1]],
      });
      expect([toControl.status, toControl.body.code]).toEqual([400, 'JOURNAL_CONTROL_ACCOUNT']);
      expect(toControl.body.message).toContain('المخزون والعملاء');
    }

    const cashier = await createUserWith(t.ds, ['can_see_totals']);
    const c = new Client(t.app);
    await c.signIn(cashier.username, cashier.password);
    expect((await c.post('/api/JournalEntries', { ...entry, id: randomUUID() })).status).toBe(403);

    const reversed = await a.post(`/api/JournalEntries/${entry.id}/reverse`, {
      reason: 'قيد مكرر',
    });
    expect(reversed.status).toBe(201);
    expect(reversed.body.reversesId).toBe(entry.id);
    expect(
      reversed.body.lines.map((l: { debit: number; credit: number }) => [l.debit, l.credit]),
    ).toEqual([
      [0, 1_000_000],
      [1_000_000, 0],
    ]);
    expect((await a.post(`/api/JournalEntries/${entry.id}/reverse`, {})).status).toBe(409);

    // Closing the books: an administrator only, never today; a manual entry inside is refused.
    expect((await a.post('/api/Accounting/close', { until: day })).status).toBe(403);
    const today = (
      await t.ds.query(
        `SELECT to_char((now() AT TIME ZONE 'Africa/Cairo')::date, 'YYYY-MM-DD') AS d`,
      )
    )[0].d;
    expect((await admin.post('/api/Accounting/close', { until: today })).status).toBe(400);
    expect((await admin.post('/api/Accounting/close', { until: day })).status).toBe(201);
    const closed = await a.post('/api/JournalEntries', { ...entry, id: randomUUID() });
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe('PERIOD_CLOSED');
    // The trial balance for the day shows the entry and its reversal.
    const tb = (await a.get(`/api/reports/TrialBalance?from=${day}&to=${day}`)).body;
    const drawings = tb.rows.find((r: { accountId: string }) => r.accountId === id('drawings'));
    expect(drawings).toMatchObject({ debit: 1_000_000, credit: 0 });
  });

  it('edits the chart: a sub-account under a group, renamed, moved, refused where it must be, deleted when unused', async () => {
    const accountant = await createUserWith(t.ds, ['can_see_totals', 'can_manage_accounting']);
    const a = new Client(t.app);
    await a.signIn(accountant.username, accountant.password);
    const accounts: { id: string; code: string; systemKey: string | null }[] = (
      await a.get('/api/Accounts')
    ).body;
    const key = (k: string) => accounts.find((x) => x.systemKey === k)!.id;
    const created = await a.post('/api/Accounts', {
      code: '5271',
      nameAr: 'إيجار المحل',
      nameEn: 'Shop rent',
      parentId: key('operating_expenses'),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: '5271',
      type: 'expense',
      normalSide: 'debit',
      isGroup: false,
      active: true,
    });
    expect(
      (
        await a.post('/api/Accounts', {
          code: '5271',
          nameAr: 'مكرر',
          parentId: key('operating_expenses'),
        })
      ).body.code,
    ).toBe('ACCOUNT_CODE_TAKEN');
    expect(
      (
        await a.post('/api/Accounts', {
          code: '5272',
          nameAr: 'تحت حساب فرعي',
          parentId: key('cash'),
        })
      ).body.code,
    ).toBe('ACCOUNT_PARENT_INVALID');
    expect(
      (
        await a.post('/api/Accounts', {
          code: 'x1',
          nameAr: 'رقم خطأ',
          parentId: key('operating_expenses'),
        })
      ).status,
    ).toBe(400);
    // moving an expense under the assets is refused; renaming works
    expect(
      (await a.patch(`/api/Accounts/${created.body.id}`, { parentId: key('current_assets') })).body
        .code,
    ).toBe('ACCOUNT_PARENT_INVALID');
    const renamed = await a.patch(`/api/Accounts/${created.body.id}`, { nameAr: 'إيجار الفرع' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.nameAr).toBe('إيجار الفرع');
    expect((await a.patch(`/api/Accounts/${key('cash')}`, { active: false })).body.code).toBe(
      'ACCOUNT_SYSTEM',
    );
    // posted to: it cannot be deleted any more, only deactivated
    const used = await a.post('/api/JournalEntries', {
      id: randomUUID(),
      date: new Date().toISOString().slice(0, 10),
      lines: [
        { accountId: created.body.id, debit: 250000 },
        { accountId: key('cash'), credit: 250000 },
      ],
    });
    expect(used.status).toBe(201);
    expect((await a.delete(`/api/Accounts/${created.body.id}`)).body.code).toBe('ACCOUNT_IN_USE');
    expect((await a.patch(`/api/Accounts/${created.body.id}`, { active: false })).body.active).toBe(
      false,
    );
    const spare = await a.post('/api/Accounts', {
      code: '5279',
      nameAr: 'مصروف مؤقت',
      parentId: key('operating_expenses'),
    });
    expect((await a.delete(`/api/Accounts/${spare.body.id}`)).status).toBe(204);
    const audit = await t.ds.query(
      `SELECT action FROM audit_logs WHERE entity = 'account' AND entity_id = $1 ORDER BY at`,
      [created.body.id],
    );
    expect(audit.map((r: { action: string }) => r.action)).toEqual([
      'account.create',
      'account.update',
      'account.update',
    ]);
    // without the permission: read only
    const reader = await createUserWith(t.ds, ['can_see_totals']);
    const r = new Client(t.app);
    await r.signIn(reader.username, reader.password);
    expect((await r.get('/api/Accounts')).status).toBe(200);
    expect(
      (
        await r.post('/api/Accounts', {
          code: '5273',
          nameAr: 'س',
          parentId: key('operating_expenses'),
        })
      ).status,
    ).toBe(403);
  });
});
