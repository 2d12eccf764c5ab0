import { randomUUID } from 'node:crypto';
import type { PermissionKey } from '@pos/contracts';
import { Client, createTestApp, createUserWith, type TestApp } from './support/app';

describe('point of sale', () => {
  let t: TestApp;
  let admin: Client;
  let inventoryId: string;
  let branchId: string;
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
    const methods = (await admin.get('/api/PaymentMethods')).body;
    cash = methods.find((m: { type: string }) => m.type === 'cash').id;
    card = methods.find((m: { type: string }) => m.type === 'card').id;
  });
  afterAll(async () => {
    await t.close();
  });

  /** A fresh product with stock in the admin's branch. */
  const product = async (stock: number, price = 10000, extra: object = {}) => {
    const res = await admin.post('/api/Products', {
      nameAr: `صنف بيع ${randomUUID().slice(0, 8)}`,
      variants: [
        {
          barcodes: [`S-${randomUUID().slice(0, 12)}`],
          sellPrice: price,
          minSellPrice: Math.round(price * 0.8),
          avgCost: Math.round(price * 0.6),
          openingStock: [{ inventoryId, quantity: stock }],
          ...extra,
        },
      ],
    });
    expect(res.status).toBe(201);
    return res.body.variants[0].id as string;
  };

  let nextRegister = 10;
  const claimed = new Set<number>();
  /** A signed-in cashier of the admin's branch with an open shift (each on a register of their own). */
  const cashier = async (permissions: PermissionKey[] = [], maxDiscountPercent = 0) => {
    const user = await createUserWith(t.ds, permissions);
    await t.ds.query('UPDATE users SET max_discount_percent = $2 WHERE id = $1', [
      user.id,
      maxDiscountPercent,
    ]);
    const c = new Client(t.app);
    await c.signIn(user.username, user.password);
    // Registers are per branch and other suites share this database: skip the ones in use.
    const used = new Set<number>(
      (
        await t.ds.query(`SELECT register FROM shifts WHERE branch_id = $1 AND status = 'open'`, [
          branchId,
        ])
      ).map((r: { register: number }) => r.register),
    );
    while (used.has(nextRegister) || claimed.has(nextRegister)) nextRegister++;
    const register = nextRegister++;
    claimed.add(register);
    const shift = await c.post('/api/Shift/open', { openingCash: 50000, register });
    expect(shift.status).toBe(201);
    return Object.assign(c, { userId: user.id, shiftId: shift.body.id as string });
  };

  const onHand = async (variantId: string) =>
    Number(
      (
        await t.ds.query(
          'SELECT on_hand FROM stock_levels WHERE variant_id = $1 AND inventory_id = $2',
          [variantId, inventoryId],
        )
      )[0].on_hand,
    );

  const ledgerAgrees = async () =>
    t.ds.query(
      `SELECT s.variant_id FROM stock_levels s LEFT JOIN stock_movements m ON m.variant_id = s.variant_id AND m.inventory_id = s.inventory_id
        GROUP BY s.variant_id, s.inventory_id, s.on_hand HAVING s.on_hand <> COALESCE(sum(m.quantity), 0)`,
    );

  it('refuses a sale without an open shift', async () => {
    const user = await createUserWith(t.ds, []);
    const c = new Client(t.app);
    await c.signIn(user.username, user.password);
    const variantId = await product(5);
    const res = await c.post('/api/Sales', {
      id: randomUUID(),
      lines: [{ variantId, quantity: 1 }],
      payments: [{ methodId: cash, amount: 10000 }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'SHIFT_NOT_OPEN',
      message: 'افتح وردية أولًا قبل البيع',
    });
  });

  it('sells with split payment and change, recomputing every figure (a tampered client total is ignored)', async () => {
    const c = await cashier();
    const a = await product(10, 11400);
    const b = await product(10, 5000);
    const res = await c.post('/api/Sales', {
      id: randomUUID(),
      lines: [
        { variantId: a, quantity: 2 },
        { variantId: b, quantity: 1 },
      ],
      payments: [
        { methodId: card, amount: 20000 },
        { methodId: cash, amount: 10000 },
      ],
      clientTotal: 1,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      total: 27800,
      paidTotal: 27800,
      changeDue: 2200,
      dueAmount: 0,
      vatTotal: 2800 + 614,
    });
    expect(res.body.number).toMatch(/^B\d{2}-R\d{2}-\d{6}$/);
    expect(res.body.payments.map((p: { amount: number }) => p.amount).sort()).toEqual(
      [20000, 7800].sort(),
    );
    expect(res.body.profit).toBeUndefined();
    expect(await onHand(a)).toBe(8);
    expect(await ledgerAgrees()).toEqual([]);
    const [audit] = await t.ds.query(
      `SELECT after FROM audit_logs WHERE entity = 'sale' AND entity_id = $1`,
      [res.body.id],
    );
    expect(audit.after.clientTotal).toBe(1);
    expect(audit.after.total).toBe(27800);
  });

  it('is idempotent: the same sale id sent 100 times at once makes one invoice with identical answers', async () => {
    const c = await cashier();
    const variantId = await product(500);
    const body = {
      id: randomUUID(),
      lines: [{ variantId, quantity: 1 }],
      payments: [{ methodId: cash, amount: 10000 }],
    };
    const results = await Promise.all(
      Array.from({ length: 100 }, () => c.post('/api/Sales', body)),
    );
    expect(results.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const numbers = new Set(results.map((r) => JSON.stringify({ ...r.body })));
    expect(numbers.size).toBe(1);
    const [{ n }] = await t.ds.query(
      'SELECT count(*)::int AS n FROM sales_invoices WHERE id = $1',
      [body.id],
    );
    expect(n).toBe(1);
    expect(await onHand(variantId)).toBe(499);
    // The same id with other content is refused.
    const other = await c.post('/api/Sales', { ...body, lines: [{ variantId, quantity: 2 }] });
    expect(other.status).toBe(409);
  });

  it('sells the last unit exactly once under concurrency', async () => {
    const variantId = await product(1);
    const cashiers = await Promise.all(Array.from({ length: 6 }, () => cashier()));
    const results = await Promise.all(
      cashiers.map((c) =>
        c.post('/api/Sales', {
          id: randomUUID(),
          lines: [{ variantId, quantity: 1 }],
          payments: [{ methodId: cash, amount: 10000 }],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 400 && r.body.code === 'INSUFFICIENT_STOCK'),
    ).toHaveLength(5);
    expect(await onHand(variantId)).toBe(0);
    expect(await ledgerAgrees()).toEqual([]);
  });

  it('enforces price and discount rules on the server', async () => {
    const variantId = await product(20, 10000);
    const plain = await cashier([], 5);
    const sale = (c: Client, line: object, extra: object = {}) =>
      c.post('/api/Sales', {
        id: randomUUID(),
        lines: [{ variantId, quantity: 1, ...line }],
        payments: [{ methodId: cash, amount: 10000 }],
        ...extra,
      });
    expect((await sale(plain, { unitPrice: 9000 })).body.code).toBe('PRICE_CHANGE_FORBIDDEN');
    expect((await sale(plain, { discount: 1000 })).body).toMatchObject({
      code: 'MAX_DISCOUNT_EXCEEDED',
      message: 'الخصم (10%) أكبر من الحد المسموح لك (5%)',
    });
    expect((await sale(plain, {}, { invoiceDiscount: 600 })).body.code).toBe(
      'MAX_DISCOUNT_EXCEEDED',
    );
    expect((await sale(plain, { discount: 500 })).status).toBe(201);
    const pricer = await cashier(['can_change_sell_price'], 50);
    expect((await sale(pricer, { unitPrice: 7000 })).body.code).toBe('BELOW_MIN_PRICE');
    expect((await sale(pricer, { unitPrice: 9000 })).status).toBe(201);
    const boss = await cashier(['can_change_sell_price', 'can_bypass_max_discount'], 0);
    expect((await sale(boss, { unitPrice: 5000 })).status).toBe(201);
    expect((await sale(boss, { discount: 10001 })).body.code).toBe('DISCOUNT_TOO_LARGE');
  });

  it('puts an unpaid amount on the customer, within the credit limit', async () => {
    const c = await cashier(['can_see_customers']);
    const variantId = await product(10, 10000);
    const noCustomer = await c.post('/api/Sales', {
      id: randomUUID(),
      lines: [{ variantId, quantity: 1 }],
      payments: [{ methodId: cash, amount: 4000 }],
    });
    expect(noCustomer.body.code).toBe('CUSTOMER_REQUIRED');
    // The limit is set by someone who may grant credit (can_grant_credit, issue 11); the cashier sells within it.
    const customer = (
      await admin.post('/api/Customers', {
        name: 'عميل آجل',
        phone: '01001234567',
        creditLimit: 10000,
      })
    ).body;
    const ok = await c.post('/api/Sales', {
      id: randomUUID(),
      customerId: customer.id,
      lines: [{ variantId, quantity: 1 }],
      payments: [{ methodId: cash, amount: 4000 }],
    });
    expect(ok.status).toBe(201);
    expect(ok.body.dueAmount).toBe(6000);
    const over = await c.post('/api/Sales', {
      id: randomUUID(),
      customerId: customer.id,
      lines: [{ variantId, quantity: 1 }],
      payments: [{ methodId: cash, amount: 5000 }],
    });
    expect(over.body.code).toBe('CREDIT_LIMIT');
    const [row] = await t.ds.query('SELECT balance FROM customers WHERE id = $1', [customer.id]);
    expect(Number(row.balance)).toBe(6000);
    // A payment on account lowers it (cash into the till: the cashier's open shift, issue 30).
    const paid = await c.post(`/api/Customers/${customer.id}/payments`, {
      id: randomUUID(),
      methodId: cash,
      amount: 2500,
    });
    expect(paid.body.balance).toBe(3500);
    const ledger = (await admin.get(`/api/Customers/${customer.id}/ledger`)).body;
    expect(ledger.map((l: { amount: number }) => l.amount)).toEqual([-2500, 6000]);
    expect(ledger[0].balanceAfter).toBe(3500);
  });

  it('answers a new sale with the invoice exactly as it reads back (no read-back in the sale)', async () => {
    // Issue 21: the answer is built from what the sale wrote; it must equal the stored invoice, for
    // a cashier who sees costs and one who does not, with a customer, discounts and two payments.
    const customer = (
      await admin.post('/api/Customers', { name: 'عميل مقارنة', creditLimit: 1_000_000 })
    ).body;
    const a = await product(10, 11400);
    const b = await product(10, 2500, { properties: { اللون: 'أحمر' } });
    for (const permissions of [
      ['can_see_profit', 'can_see_buy_price', 'can_change_sell_price', 'can_bypass_max_discount'],
      [],
    ] as PermissionKey[][]) {
      const c = await cashier(permissions, 50);
      const sale = {
        id: randomUUID(),
        customerId: customer.id,
        note: 'ملاحظة',
        invoiceDiscount: permissions.length ? 300 : 0,
        lines: [
          { variantId: a, quantity: 2, ...(permissions.length ? { unitPrice: 11000 } : {}) },
          { variantId: b, quantity: 1 },
        ],
        payments: [
          { methodId: card, amount: 5000 },
          { methodId: cash, amount: 10000 },
        ],
      };
      const res = await c.post('/api/Sales', sale);
      expect(res.status).toBe(201);
      expect(res.body.payments).toHaveLength(2);
      expect(res.body.dueAmount).toBeGreaterThan(0);
      expect('costTotal' in res.body).toBe(permissions.length > 0);
      const read = await c.get(`/api/invoices/${sale.id}`);
      expect(read.status).toBe(200);
      expect(res.body).toEqual(read.body);
      // A retry of the same sale is read from the database: the same answer.
      const again = await c.post('/api/Sales', sale);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(read.body);
    }
  });

  it('caps returns at what was sold minus what came back, and puts stock back', async () => {
    const c = await cashier(['can_return_products']);
    const variantId = await product(10, 3000);
    const sale = (
      await c.post('/api/Sales', {
        id: randomUUID(),
        lines: [{ variantId, quantity: 3 }],
        payments: [{ methodId: cash, amount: 9000 }],
      })
    ).body;
    const lineId = sale.lines[0].id;
    const first = await c.post(`/api/invoices/${sale.id}/returns`, {
      id: randomUUID(),
      lines: [{ saleLineId: lineId, quantity: 2 }],
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      total: 6000,
      refunds: [expect.objectContaining({ amount: 6000 })],
    });
    const tooMany = await c.post(`/api/invoices/${sale.id}/returns`, {
      id: randomUUID(),
      lines: [{ saleLineId: lineId, quantity: 2 }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('RETURN_EXCEEDS_SOLD');
    const last = await c.post(`/api/invoices/${sale.id}/returns`, {
      id: randomUUID(),
      lines: [{ saleLineId: lineId, quantity: 1 }],
      refunds: [{ methodId: card, amount: 3000 }],
    });
    expect(last.status).toBe(201);
    const after = (await c.get(`/api/invoices/${sale.id}`)).body;
    expect(after.status).toBe('returned');
    expect(after.returns).toHaveLength(2);
    expect(after.lines[0].returnedQuantity).toBe(3);
    expect(await onHand(variantId)).toBe(10);
    // Without the permission: refused.
    const plain = await cashier();
    expect(
      (
        await plain.post(`/api/invoices/${sale.id}/returns`, {
          id: randomUUID(),
          lines: [{ saleLineId: lineId, quantity: 1 }],
        })
      ).status,
    ).toBe(403);
    expect(await ledgerAgrees()).toEqual([]);
  });

  it('refuses change above LIMITS.maxChange (a mistyped amount received) with 400, the cash field named, nothing written (decision 0131)', async () => {
    const c = await cashier();
    const variantId = await product(5, 25400);
    const id = randomUUID();
    const sell = (amount: number) =>
      c.post('/api/Sales', {
        id,
        lines: [{ variantId, quantity: 1 }],
        payments: [{ methodId: cash, amount }],
      });
    const counts = async () =>
      (
        await t.ds.query(
          `SELECT (SELECT count(*) FROM sales_invoices WHERE id = $1::uuid)::int AS invoices,
                  (SELECT count(*) FROM sale_payments WHERE invoice_id = $1::uuid)::int AS payments,
                  (SELECT count(*) FROM stock_movements WHERE variant_id = $2)::int AS movements,
                  (SELECT count(*) FROM idempotency_keys WHERE key = $1::uuid)::int AS keys,
                  (SELECT count(*) FROM audit_logs WHERE entity_id = $1::text)::int AS audits`,
          [id, variantId],
        )
      )[0];
    const before = await counts();
    // 100,000.00 received for a 254.00 sale: 99,746.00 change.
    const res = await sell(10_000_000);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      code: 'CHANGE_TOO_LARGE',
      message:
        'الحقل "المبلغ في الدفعة 1" يجعل الباقي للعميل 99,746.00، وهو أكبر من أقصى باقٍ يُرد (1,000.00)؛ راجع المبلغ المستلم',
    });
    expect(await counts()).toEqual(before);
    expect(await onHand(variantId)).toBe(5);
    // One piaster over the bound is refused; the bound itself is change given (the same sale id:
    // a refused sale keeps no key, so the corrected one goes through).
    expect((await sell(25400 + 100_001)).body.code).toBe('CHANGE_TOO_LARGE');
    const ok = await sell(25400 + 100_000);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ total: 25400, paidTotal: 25400, changeDue: 100_000 });
    expect(await onHand(variantId)).toBe(4);
  });

  it('refuses an invoice edit whose cash gives change above the bound, the invoice unchanged', async () => {
    const c = await cashier();
    const variantId = await product(5, 25400);
    const sale = (
      await c.post('/api/Sales', {
        id: randomUUID(),
        lines: [{ variantId, quantity: 1 }],
        payments: [{ methodId: cash, amount: 30000 }],
      })
    ).body;
    expect(sale.changeDue).toBe(4600);
    const editor = new Client(t.app);
    await editor.signIn('admin');
    const edited = await editor.patch(`/api/invoices/${sale.id}`, {
      lines: [{ variantId, quantity: 1 }],
      payments: [
        { methodId: card, amount: 5400 },
        { methodId: cash, amount: 10_000_000 },
      ],
      reason: 'تصحيح الدفع',
    });
    expect(edited.status).toBe(400);
    expect(edited.body.code).toBe('CHANGE_TOO_LARGE');
    expect(edited.body.message).toContain('"المبلغ في الدفعة 2"');
    const [row] = await t.ds.query(
      'SELECT paid_total, change_due, edited_at FROM sales_invoices WHERE id = $1',
      [sale.id],
    );
    expect(row).toMatchObject({ paid_total: '25400', change_due: '4600', edited_at: null });
    expect(await onHand(variantId)).toBe(4);
  });

  it('edits an invoice with stock, balance and before/after audit kept consistent', async () => {
    // A customer without a limit takes sales on account from a holder of can_grant_credit only (issue 11).
    const c = await cashier(['can_grant_credit']);
    const a = await product(10, 2000);
    const b = await product(10, 5000);
    const customer = (await c.post('/api/Customers', { name: 'عميل تعديل' })).body;
    const sale = (
      await c.post('/api/Sales', {
        id: randomUUID(),
        customerId: customer.id,
        lines: [{ variantId: a, quantity: 2 }],
        payments: [{ methodId: cash, amount: 1000 }],
      })
    ).body;
    expect(sale.dueAmount).toBe(3000);
    const editor = new Client(t.app);
    await editor.signIn('admin');
    const denied = await c.patch(`/api/invoices/${sale.id}`, {
      lines: [{ variantId: b, quantity: 1 }],
      payments: [],
      reason: 'x',
    });
    expect(denied.status).toBe(403);
    const edited = await editor.patch(`/api/invoices/${sale.id}`, {
      lines: [
        { variantId: a, quantity: 1 },
        { variantId: b, quantity: 1 },
      ],
      payments: [{ methodId: cash, amount: 5000 }],
      reason: 'العميل غيّر رأيه',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ number: sale.number, total: 7000, dueAmount: 2000 });
    expect(await onHand(a)).toBe(9);
    expect(await onHand(b)).toBe(9);
    const [cust] = await t.ds.query('SELECT balance FROM customers WHERE id = $1', [customer.id]);
    expect(Number(cust.balance)).toBe(2000);
    const [{ sum }] = await t.ds.query(
      'SELECT sum(amount)::bigint AS sum FROM customer_ledger WHERE customer_id = $1',
      [customer.id],
    );
    expect(Number(sum)).toBe(2000);
    const history = (await editor.get(`/api/invoices/${sale.id}/history`)).body;
    const edit = history.find((h: { action: string }) => h.action === 'sale.edit');
    expect(edit.before.total).toBe(4000);
    expect(edit.after.total).toBe(7000);
    expect(edit.after.reason).toBe('العميل غيّر رأيه');
    expect(edit.reason).toBe('العميل غيّر رأيه');
    expect(await ledgerAgrees()).toEqual([]);
  });

  it('shows the edit history with its reason to whoever may read the invoice, without cost or profit unless allowed', async () => {
    const c = await cashier();
    const variantId = await product(10, 4000);
    const sale = (
      await c.post('/api/Sales', {
        id: randomUUID(),
        lines: [{ variantId, quantity: 1 }],
        payments: [{ methodId: cash, amount: 4000 }],
      })
    ).body;
    const edited = await admin.patch(`/api/invoices/${sale.id}`, {
      lines: [{ variantId, quantity: 2 }],
      payments: [{ methodId: cash, amount: 8000 }],
      reason: 'قطعة إضافية',
    });
    expect(edited.status).toBe(200);

    // The cashier who sold it (neither can_see_invoices nor can_edit_invoice) may read the invoice,
    // and so its history: who changed their sale and why; no cost in it.
    const own = await c.get(`/api/invoices/${sale.id}/history`);
    expect(own.status).toBe(200);
    expect(own.body.map((h: { reason: string | null }) => h.reason)).toEqual([null, 'قطعة إضافية']);
    expect(JSON.stringify(own.body)).not.toMatch(/unitCost|costTotal|profit/i);
    // Someone else's invoice stays out of reach for a user without can_see_invoices.
    const other = new Client(t.app);
    const otherUser = await createUserWith(t.ds, []);
    await other.signIn(otherUser.username, otherUser.password);
    expect((await other.get(`/api/invoices/${sale.id}/history`)).status).toBe(404);

    const reader = new Client(t.app);
    const readerUser = await createUserWith(t.ds, ['can_see_invoices']);
    await reader.signIn(readerUser.username, readerUser.password);
    const seen = await reader.get(`/api/invoices/${sale.id}/history`);
    expect(seen.status).toBe(200);
    expect(seen.body.map((h: { action: string }) => h.action)).toEqual([
      'sale.create',
      'sale.edit',
    ]);
    const [created, edit] = seen.body;
    expect(created.reason).toBeNull();
    expect(edit).toMatchObject({
      reason: 'قطعة إضافية',
      userName: expect.any(String),
      before: { total: 4000 },
      after: { total: 8000 },
    });
    expect(new Date(edit.at).toISOString()).toBe(edit.at);
    for (const side of [edit.before, edit.after]) {
      expect(side.profit).toBeUndefined();
      expect(side.costTotal).toBeUndefined();
      expect(side.lines.length).toBeGreaterThan(0);
      for (const line of side.lines) expect(line.unitCost).toBeUndefined();
    }

    // With can_see_profit (the admin holds every key) the snapshots keep their cost and profit.
    const full = (await admin.get(`/api/invoices/${sale.id}/history`)).body;
    const adminEdit = full.find((h: { action: string }) => h.action === 'sale.edit');
    expect(adminEdit.reason).toBe('قطعة إضافية');
    expect(adminEdit.after.profit).toBe(8000 - 2 * 2400);
    expect(adminEdit.after.lines[0].unitCost).toBe(2400);
  });

  it("refuses to edit an invoice whose shift is closed, so the shift's stored expected cash keeps matching", async () => {
    const c = await cashier();
    const variantId = await product(10, 3000);
    const sale = (
      await c.post('/api/Sales', {
        id: randomUUID(),
        lines: [{ variantId, quantity: 2 }],
        payments: [{ methodId: cash, amount: 6000 }],
      })
    ).body;
    const closed = await c.post(`/api/Shift/${c.shiftId}/close`, { countedCash: 50000 + 6000 });
    expect(closed.status).toBe(201);
    expect(closed.body).toMatchObject({ expectedCash: 56000, difference: 0 });

    const edit = await admin.patch(`/api/invoices/${sale.id}`, {
      lines: [{ variantId, quantity: 1 }],
      payments: [{ methodId: cash, amount: 3000 }],
      reason: 'بعد الإغلاق',
    });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({
      code: 'INVOICE_SHIFT_CLOSED',
      message: 'لا يمكن تعديل فاتورة ورديتها مغلقة: اعمل مرتجعًا ثم فاتورة جديدة',
    });

    // Nothing moved: the invoice, its payments, the stock, and the shift's figures.
    const after = (await admin.get(`/api/invoices/${sale.id}`)).body;
    expect(after).toMatchObject({ total: 6000, editedAt: null });
    expect(after.payments.map((p: { amount: number }) => p.amount)).toEqual([6000]);
    expect(await onHand(variantId)).toBe(8);
    const [stored] = await t.ds.query(
      'SELECT expected_cash, counted_cash FROM shifts WHERE id = $1',
      [c.shiftId],
    );
    const report = (await admin.get(`/api/Shift/${c.shiftId}`)).body;
    expect(Number(stored.expected_cash)).toBe(56000);
    expect(report.totals.expectedCash).toBe(Number(stored.expected_cash));
    expect(report.totals.sales).toBe(6000);
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM audit_logs WHERE entity = 'sale' AND entity_id = $1 AND action = 'sale.edit'`,
      [sale.id],
    );
    expect(n).toBe(0);
    expect(await ledgerAgrees()).toEqual([]);
  });

  it('leaves expected cash, counted cash and the difference out of the shift list and shift without can_see_shift_totals', async () => {
    const c = await cashier();
    const variantId = await product(10, 2500);
    expect(
      (
        await c.post('/api/Sales', {
          id: randomUUID(),
          lines: [{ variantId, quantity: 1 }],
          payments: [{ methodId: cash, amount: 2500 }],
        })
      ).status,
    ).toBe(201);
    const closed = await c.post(`/api/Shift/${c.shiftId}/close`, { countedCash: 52000 });
    expect(closed.status).toBe(201);
    // The closing cashier sees the Z report once, in the answer to the close.
    expect(closed.body).toMatchObject({
      expectedCash: 52500,
      countedCash: 52000,
      difference: -500,
    });

    const list = await c.get('/api/Shift?status=closed');
    expect(list.status).toBe(200);
    const mine = list.body.find((s: { id: string }) => s.id === c.shiftId);
    expect(mine).toMatchObject({ id: c.shiftId, status: 'closed', openingCash: 50000 });
    for (const key of ['expectedCash', 'countedCash', 'difference', 'totals'])
      expect(mine).not.toHaveProperty(key);
    const one = await c.get(`/api/Shift/${c.shiftId}`);
    expect(one.status).toBe(200);
    for (const key of ['expectedCash', 'countedCash', 'difference', 'totals'])
      expect(one.body).not.toHaveProperty(key);

    // With can_see_shift_totals (and view_all_shifts to list others' shifts) they are there.
    const supervisor = new Client(t.app);
    const supervisorUser = await createUserWith(t.ds, ['view_all_shifts', 'can_see_shift_totals']);
    await supervisor.signIn(supervisorUser.username, supervisorUser.password);
    const full = await supervisor.get(`/api/Shift?status=closed&cashierId=${c.userId}`);
    expect(full.status).toBe(200);
    expect(full.body).toHaveLength(1);
    expect(full.body[0]).toMatchObject({
      id: c.shiftId,
      expectedCash: 52500,
      countedCash: 52000,
      difference: -500,
    });
  });

  it('explains every sale of the shift: the tenders, the credit and the installment parts (issue 30 item 15)', async () => {
    const c = await cashier(['can_grant_credit', 'can_see_shift_totals']);
    const variantId = await product(20, 10_000);
    const customer = (await c.post('/api/Customers', { name: 'عميل تقرير الوردية' })).body;
    const sell = (payments: { methodId: string; amount: number }[], withCustomer = true) =>
      c.post('/api/Sales', {
        id: randomUUID(),
        ...(withCustomer ? { customerId: customer.id } : {}),
        lines: [{ variantId, quantity: 1 }],
        payments,
      });
    expect((await sell([{ methodId: cash, amount: 10_000 }], false)).status).toBe(201);
    expect((await sell([{ methodId: cash, amount: 2_500 }])).status).toBe(201); // 7,500 on account
    const financed = await sell([{ methodId: card, amount: 4_000 }]); // 6,000 left: a plan finances it
    expect(financed.status).toBe(201);
    // the plan of the sale (as the installments module writes it; its terms do not matter here)
    await t.ds.query(
      `INSERT INTO installment_plans (id, branch_id, customer_id, sale_id, count, first_due_date, monthly_rate_bp, fee,
                                      total_amount, down_payment, financed, interest, number, status, period, to_pay, discount, request_hash)
       SELECT gen_random_uuid(), branch_id, customer_id, id, 3, CURRENT_DATE, 0, 0, 6000, 0, 6000, 0,
              'T-IP-' || left(id::text, 8), 'active', 'monthly', 6000, 0, 'test'
         FROM sales_invoices WHERE id = $1`,
      [financed.body.id],
    );
    const x = (await c.get('/api/Shift/current')).body.totals;
    expect(x.sales).toBe(30_000);
    expect(x.onAccount).toEqual({ credit: 7_500, installment: 6_000 });
    const tendered = x.byMethod.reduce((s: number, m: { sales: number }) => s + m.sales, 0);
    expect(tendered + x.onAccount.credit + x.onAccount.installment).toBe(x.sales);
    // the drawer's cash besides sales is counted apart: none here
    expect(x.cashIn).toBe(0);
  });

  it('makes shift totals equal the sum of their invoices; the Z report matches at close', async () => {
    const c = await cashier(['can_return_products', 'can_see_shift_totals']);
    const variantId = await product(50, 1500);
    for (let i = 1; i <= 4; i++) {
      const res = await c.post('/api/Sales', {
        id: randomUUID(),
        lines: [{ variantId, quantity: i }],
        payments: [{ methodId: i % 2 ? cash : card, amount: 1500 * i }],
      });
      expect(res.status).toBe(201);
    }
    const sales = await c.get(`/api/invoices?shiftId=${c.shiftId}`);
    expect(sales.status).toBe(403); // the plain cashier lacks can_see_invoices
    const [{ sum, n }] = await t.ds.query(
      'SELECT sum(total)::bigint AS sum, count(*)::int AS n FROM sales_invoices WHERE shift_id = $1',
      [c.shiftId],
    );
    const x = (await c.get('/api/Shift/current')).body;
    expect(x.totals).toMatchObject({ invoiceCount: n, sales: Number(sum), returns: 0 });
    expect(x.totals.sales).toBe(1500 * 10);
    const cashSales = 1500 * (1 + 3);
    expect(x.totals.expectedCash).toBe(50000 + cashSales);
    const z = await c.post(`/api/Shift/${c.shiftId}/close`, {
      countedCash: 50000 + cashSales - 100,
      denominations: { '200': 1 },
    });
    expect(z.status).toBe(201);
    expect(z.body).toMatchObject({
      status: 'closed',
      expectedCash: 50000 + cashSales,
      countedCash: 50000 + cashSales - 100,
      difference: -100,
    });
    expect(z.body.totals.byMethod.find((m: { methodId: string }) => m.methodId === card).net).toBe(
      1500 * (2 + 4),
    );
    const after = await c.post('/api/Sales', {
      id: randomUUID(),
      lines: [{ variantId, quantity: 1 }],
      payments: [{ methodId: cash, amount: 1500 }],
    });
    expect(after.body.code).toBe('SHIFT_NOT_OPEN');
  });

  it('makes the totals of a shift with sales and returns equal its invoices minus its returns', async () => {
    const c = await cashier(['can_return_products', 'can_see_shift_totals']);
    const other = await cashier();
    const a = await product(50, 2000);
    const b = await product(50, 3500);
    // An invoice of another shift, returned in this one: the refund leaves this drawer.
    const earlier = (
      await other.post('/api/Sales', {
        id: randomUUID(),
        lines: [{ variantId: b, quantity: 2 }],
        payments: [{ methodId: cash, amount: 7000 }],
      })
    ).body;
    const s1 = (
      await c.post('/api/Sales', {
        id: randomUUID(),
        lines: [
          { variantId: a, quantity: 3 },
          { variantId: b, quantity: 1 },
        ],
        payments: [{ methodId: cash, amount: 10000 }],
      })
    ).body;
    const s2 = (
      await c.post('/api/Sales', {
        id: randomUUID(),
        lines: [{ variantId: a, quantity: 2 }],
        payments: [{ methodId: card, amount: 4000 }],
      })
    ).body;
    const s3 = (
      await c.post('/api/Sales', {
        id: randomUUID(),
        lines: [{ variantId: b, quantity: 2 }],
        payments: [
          { methodId: card, amount: 5000 },
          { methodId: cash, amount: 3000 },
        ],
      })
    ).body;
    expect([s1.total, s2.total, s3.total]).toEqual([9500, 4000, 7000]);
    expect([s1.changeDue, s3.changeDue]).toEqual([500, 1000]);

    const lineOf = (sale: { lines: { id: string; variantId: string }[] }, variantId: string) =>
      sale.lines.find((l) => l.variantId === variantId)!.id;
    const r1 = await c.post(`/api/invoices/${s1.id}/returns`, {
      id: randomUUID(),
      lines: [{ saleLineId: lineOf(s1, a), quantity: 1 }],
    });
    const r2 = await c.post(`/api/invoices/${s2.id}/returns`, {
      id: randomUUID(),
      lines: [{ saleLineId: lineOf(s2, a), quantity: 2 }],
      refunds: [{ methodId: card, amount: 4000 }],
    });
    const r3 = await c.post(`/api/invoices/${earlier.id}/returns`, {
      id: randomUUID(),
      lines: [{ saleLineId: lineOf(earlier, b), quantity: 1 }],
    });
    expect([r1.status, r2.status, r3.status]).toEqual([201, 201, 201]);
    expect([r1.body.total, r2.body.total, r3.body.total]).toEqual([2000, 4000, 3500]);

    // What the documents say, independently of the report.
    const [{ sales, n }] = await t.ds.query(
      'SELECT sum(total)::bigint AS sales, count(*)::int AS n FROM sales_invoices WHERE shift_id = $1',
      [c.shiftId],
    );
    const [{ returns }] = await t.ds.query(
      'SELECT sum(total)::bigint AS returns FROM sale_returns WHERE shift_id = $1',
      [c.shiftId],
    );
    expect(Number(sales)).toBe(9500 + 4000 + 7000);
    expect(Number(returns)).toBe(2000 + 4000 + 3500);

    const x = (await c.get('/api/Shift/current')).body.totals;
    expect(x).toMatchObject({ invoiceCount: n, sales: 20500, returns: 9500, net: 20500 - 9500 });
    const method = (id: string) => x.byMethod.find((m: { methodId: string }) => m.methodId === id);
    // Cash kept in the drawer: 9,500 + 2,000 (3,000 given, 1,000 change); refunds 2,000 + 3,500 out.
    // Card: 4,000 + 5,000 in, 4,000 back.
    expect(method(cash)).toMatchObject({ sales: 11500, refunds: 5500, net: 6000 });
    expect(method(card)).toMatchObject({ sales: 9000, refunds: 4000, net: 5000 });
    expect(x.byMethod.reduce((sum: number, m: { net: number }) => sum + m.net, 0)).toBe(x.net);
    expect(x.expectedCash).toBe(50000 + 6000);

    const z = await c.post(`/api/Shift/${c.shiftId}/close`, { countedCash: 56000 });
    expect(z.status).toBe(201);
    expect(z.body).toMatchObject({ expectedCash: 56000, countedCash: 56000, difference: 0 });
    expect(z.body.totals).toMatchObject({
      sales: 20500,
      returns: 9500,
      net: 11000,
      invoiceCount: 3,
    });
    // The other shift keeps its own sale and none of the returns.
    const otherTotals = (await admin.get(`/api/Shift/${other.shiftId}`)).body.totals;
    expect(otherTotals).toMatchObject({ sales: 7000, returns: 0, expectedCash: 50000 + 7000 });
    expect(await ledgerAgrees()).toEqual([]);
  });

  it('gives the daily report for the business day with payments per method and per cashier', async () => {
    const report = await admin.get('/api/DailyReport');
    expect(report.status).toBe(200);
    const [{ sum }] = await t.ds.query(
      `SELECT COALESCE(sum(total), 0)::bigint AS sum FROM sales_invoices WHERE branch_id = $1 AND created_at >= date_trunc('day', now() AT TIME ZONE 'Africa/Cairo') AT TIME ZONE 'Africa/Cairo'`,
      [branchId],
    );
    expect(report.body.sales).toBe(Number(sum));
    expect(report.body.byCashier.length).toBeGreaterThan(0);
    // Payments per method: what the drawers took for this branch's invoices today, refunds out.
    const [{ net }] = await t.ds.query(
      `SELECT COALESCE(sum(CASE WHEN p.kind = 'refund' THEN -p.amount ELSE p.amount END), 0)::bigint AS net
         FROM sale_payments p JOIN sales_invoices i ON i.id = p.invoice_id
        WHERE i.branch_id = $1 AND p.created_at >= date_trunc('day', now() AT TIME ZONE 'Africa/Cairo') AT TIME ZONE 'Africa/Cairo'`,
      [branchId],
    );
    expect(Number(net)).toBeGreaterThan(0);
    expect(report.body.byMethod.reduce((a: number, m: { net: number }) => a + m.net, 0)).toBe(
      Number(net),
    );
    expect(
      report.body.byCashier.reduce(
        (a: number, c: { invoiceCount: number }) => a + c.invoiceCount,
        0,
      ),
    ).toBe(report.body.invoiceCount);
    // issue 30 item 15: what no tender paid is there too, credit apart from installments
    const [due] = await t.ds.query(
      `SELECT COALESCE(sum(due_amount), 0)::bigint AS due FROM sales_invoices
        WHERE branch_id = $1 AND created_at >= date_trunc('day', now() AT TIME ZONE 'Africa/Cairo') AT TIME ZONE 'Africa/Cairo'`,
      [branchId],
    );
    expect(report.body.onAccount.credit + report.body.onAccount.installment).toBe(Number(due.due));
    expect(report.body.onAccount.installment).toBeGreaterThanOrEqual(6_000);
    expect(report.body.profit).toBeDefined();
    const plain = await cashier();
    expect((await plain.get('/api/DailyReport?date=2020-01-01')).status).toBe(403);
    expect((await plain.get('/api/DailyReport')).body.profit).toBeUndefined();
  });
});
