import { randomUUID } from 'node:crypto';
import { PERMISSION_KEYS, type PermissionKey } from '@pos/contracts';
import { Client, createTestApp, createUserWith, type TestApp } from '../medium/support/app';
import { demoActor } from './support';

// OWASP API1 (broken object-level authorisation): a user of branch A names branch B's documents
// by id. Every read and change is refused (404, or 403) unless a permission says otherwise
// (can_see_branches / isAdmin for reads). Branch B's documents are made through the API.
describe('branch isolation (BOLA): branch A users cannot reach branch B documents by id', () => {
  let t: TestApp;
  let admin: Client;
  let branchA: string;
  let branchB: string;
  let invA: string;
  let invB: string;
  let cash: string;
  let variantId: string;
  let productId: string;
  // Branch B's documents
  let saleB: { id: string; number: string; lines: { id: string }[] };
  let returnB: string;
  let shiftB: string;
  let customerB: string;
  // Branch A users
  let strong: Client; // every permission key but can_see_branches, not an admin, with an open shift
  let storekeeperB: Awaited<ReturnType<typeof demoActor>>;
  let seer: Client; // can_see_branches and the reading permissions, not an admin
  const refused = (s: number) => s === 404 || s === 403;

  const signedIn = async (perms: PermissionKey[], branchId: string) => {
    const u = await createUserWith(t.ds, perms, { branchId });
    const c = new Client(t.app);
    expect((await c.signIn(u.username, u.password)).status).toBe(200);
    return c;
  };
  const onHandB = async () =>
    Number(
      (
        await t.ds.query(
          'SELECT on_hand FROM stock_levels WHERE variant_id = $1 AND inventory_id = $2',
          [variantId, invB],
        )
      )[0].on_hand,
    );

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    [{ id: branchA }] = await t.ds.query(`SELECT id FROM branches WHERE name = 'فرع وسط البلد'`);
    [{ id: branchB }] = await t.ds.query(`SELECT id FROM branches WHERE name = 'فرع مدينة نصر'`);
    [{ id: invA }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchA],
    );
    [{ id: invB }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchB],
    );
    cash = (await admin.get('/api/PaymentMethods')).body.find(
      (m: { type: string }) => m.type === 'cash',
    ).id;
    const product = await admin.post('/api/Products', {
      nameAr: `صنف عزل ${randomUUID().slice(0, 8)}`,
      variants: [
        {
          barcodes: [`ISO-${randomUUID().slice(0, 12)}`],
          sellPrice: 10000,
          minSellPrice: 8000,
          avgCost: 6000,
          openingStock: [
            { inventoryId: invA, quantity: 50 },
            { inventoryId: invB, quantity: 50 },
          ],
        },
      ],
    });
    expect(product.status).toBe(201);
    productId = product.body.id;
    variantId = product.body.variants[0].id;

    // Branch B: a cashier opens a shift, sells, and takes a return; a customer is created there.
    const cashierB = await signedIn(['can_return_products', 'can_see_customers'], branchB);
    const opened = await cashierB.post('/api/Shift/open', { openingCash: 10000, register: 3 });
    expect(opened.status).toBe(201);
    shiftB = opened.body.id;
    const customer = await cashierB.post('/api/Customers', {
      name: `عميل فرع ب ${randomUUID().slice(0, 6)}`,
    });
    expect(customer.status).toBe(201);
    customerB = customer.body.id;
    const sale = await cashierB.post('/api/Sales', {
      id: randomUUID(),
      lines: [{ variantId, quantity: 3 }],
      payments: [{ methodId: cash, amount: 30000 }],
    });
    expect(sale.status).toBe(201);
    expect(sale.body.branchId).toBe(branchB);
    saleB = sale.body;
    const ret = await cashierB.post(`/api/invoices/${saleB.id}/returns`, {
      id: randomUUID(),
      lines: [{ saleLineId: saleB.lines[0].id, quantity: 1 }],
    });
    expect(ret.status).toBe(201);
    returnB = ret.body.id;

    const allButBranches = PERMISSION_KEYS.filter(
      (k) => k !== 'can_see_branches',
    ) as PermissionKey[];
    strong = await signedIn(
      [...allButBranches, 'can_manage_products', 'can_adjust_stock'],
      branchA,
    );
    expect((await strong.post('/api/Shift/open', { openingCash: 0, register: 4 })).status).toBe(
      201,
    );
    seer = await signedIn(
      [
        'can_see_branches',
        'can_see_invoices',
        'can_see_inventories',
        'view_all_shifts',
        'can_see_shift_totals',
        'can_see_products',
        'can_see_customers',
      ],
      branchA,
    );
    storekeeperB = await demoActor(t, 'storekeeper');
  });
  afterAll(async () => {
    await t.close();
  });

  it('sets the scene: the demo storekeeper is in branch B, the attacker in branch A', async () => {
    expect(storekeeperB.branchId).toBe(branchB);
    const me = (await strong.get('/api/auth/session')).body.user;
    expect(me.branchId).toBe(branchA);
    expect(me.isAdmin).toBe(false);
    expect(me.permissions.map((p: { key: string }) => p.key)).not.toContain('can_see_branches');
  });

  it("refuses branch B's invoice: read, by number, history, edit, return, list", async () => {
    for (const path of [
      `/api/invoices/${saleB.id}`,
      `/api/invoices/by-number/${saleB.number}`,
      `/api/invoices/${saleB.id}/history`,
      `/api/returns/${returnB}`,
    ]) {
      const res = await strong.get(path);
      expect({ path, status: refused(res.status) }).toEqual({ path, status: true });
    }
    const before = (await admin.get(`/api/invoices/${saleB.id}`)).body;
    const edit = await strong.patch(`/api/invoices/${saleB.id}`, {
      lines: [{ variantId, quantity: 1 }],
      payments: [{ methodId: cash, amount: 10000 }],
      reason: 'BOLA',
    });
    expect(refused(edit.status)).toBe(true);
    const [{ n: returns }] = await t.ds.query(
      'SELECT count(*)::int AS n FROM sale_returns WHERE invoice_id = $1',
      [saleB.id],
    );
    const ret = await strong.post(`/api/invoices/${saleB.id}/returns`, {
      id: randomUUID(),
      lines: [{ saleLineId: saleB.lines[0].id, quantity: 1 }],
    });
    expect(refused(ret.status)).toBe(true);
    expect(
      (
        await t.ds.query('SELECT count(*)::int AS n FROM sale_returns WHERE invoice_id = $1', [
          saleB.id,
        ])
      )[0].n,
    ).toBe(returns);
    expect((await admin.get(`/api/invoices/${saleB.id}`)).body).toEqual(before);
    const list = await strong.get(`/api/invoices?branchId=${branchB}&pageSize=100`);
    expect(list.status).toBe(200);
    expect(
      list.body.map((i: { branchId: string }) => i.branchId).filter((b: string) => b !== branchA),
    ).toEqual([]);
    // The demo storekeeper (branch B) is still refused invoice reads by permission.
    expect((await storekeeperB.client!.get(`/api/invoices/${saleB.id}`)).status).toBe(404);
  });

  it("refuses branch B's shift: read (X/Z report), close, list", async () => {
    expect(refused((await strong.get(`/api/Shift/${shiftB}`)).status)).toBe(true);
    const close = await strong.post(`/api/Shift/${shiftB}/close`, { countedCash: 0 });
    expect(refused(close.status)).toBe(true);
    const [{ status }] = await t.ds.query('SELECT status FROM shifts WHERE id = $1', [shiftB]);
    expect(status).toBe('open');
    const list = await strong.get('/api/Shift?pageSize=100');
    expect(list.body.map((s: { id: string }) => s.id)).not.toContain(shiftB);
  });

  it("refuses branch B's inventory: read, stock, edit, adjustment, movements, variant lists, device catalog", async () => {
    for (const path of [
      `/api/Inventories/${invB}`,
      `/api/Inventories/${invB}/stock`,
      `/api/variants?inventoryId=${invB}`,
      `/api/variants/${variantId}/movements?inventoryId=${invB}`,
      `/api/variants/search?q=x&inventoryId=${invB}`,
      `/api/device-catalog?inventoryId=${invB}`,
      `/api/device-catalog/page?part=stock&inventoryId=${invB}`,
    ]) {
      const res = await strong.get(path);
      expect({ path, refused: refused(res.status) }).toEqual({ path, refused: true });
    }
    const rename = await strong.patch(`/api/Inventories/${invB}`, { name: 'مخزن مخترق' });
    expect(refused(rename.status)).toBe(true);
    const [{ name }] = await t.ds.query('SELECT name FROM inventories WHERE id = $1', [invB]);
    expect(name).not.toBe('مخزن مخترق');
    const stock = await onHandB();
    const adjust = await strong.post('/api/StockAdjustments', {
      inventoryId: invB,
      reason: 'adjustment',
      lines: [{ variantId, countedQuantity: 0 }],
    });
    expect(refused(adjust.status)).toBe(true);
    expect(await onHandB()).toBe(stock);
    const inventories = await strong.get('/api/Inventories');
    expect(inventories.body.map((i: { id: string }) => i.id)).not.toContain(invB);
    const movements = await strong.get(`/api/variants/${variantId}/movements?pageSize=100`);
    expect(movements.status).toBe(200);
    expect(movements.body.map((m: { inventoryId: string }) => m.inventoryId)).not.toContain(invB);
  });

  it("hides branch B's stock rows in a product and refuses branch B itself", async () => {
    const product = await strong.get(`/api/Products/${productId}`);
    expect(product.status).toBe(200);
    const rows = product.body.variants[0].stock.map((s: { inventoryId: string }) => s.inventoryId);
    expect(rows).toContain(invA);
    expect(rows).not.toContain(invB);
    expect(refused((await strong.get(`/api/Branch/${branchB}`)).status)).toBe(true);
    const branches = await strong.get('/api/Branch');
    expect(branches.body.map((b: { id: string }) => b.id)).toEqual([branchA]);
    // The daily report of another branch falls back to the user's own.
    const report = await strong.get(`/api/DailyReport?branchId=${branchB}`);
    expect(report.status).toBe(200);
    expect(report.body.branchId).toBe(branchA);
  });

  it('lets can_see_branches read branch B, and the admin read and change it', async () => {
    expect((await seer.get(`/api/invoices/${saleB.id}`)).status).toBe(200);
    expect((await seer.get(`/api/Shift/${shiftB}`)).status).toBe(200);
    expect((await seer.get(`/api/Inventories/${invB}/stock`)).status).toBe(200);
    expect((await seer.get(`/api/Branch/${branchB}`)).status).toBe(200);
    const product = await seer.get(`/api/Products/${productId}`);
    expect(
      product.body.variants[0].stock.map((s: { inventoryId: string }) => s.inventoryId),
    ).toEqual(expect.arrayContaining([invA, invB]));
    expect((await admin.get(`/api/invoices/${saleB.id}/history`)).status).toBe(200);
    const adjust = await admin.post('/api/StockAdjustments', {
      inventoryId: invB,
      reason: 'adjustment',
      lines: [{ variantId, quantity: 1 }],
    });
    expect(adjust.status).toBe(201);
  });

  it('lets can_see_branches read branch B but not change its stock or inventories (admins only)', async () => {
    const manager = await signedIn(
      [
        'can_see_branches',
        'can_see_inventories',
        'can_see_products',
        'can_adjust_stock',
        'can_manage_products',
      ],
      branchA,
    );
    expect((await manager.get(`/api/Inventories/${invB}/stock`)).status).toBe(200);
    const stock = await onHandB();
    const adjust = await manager.post('/api/StockAdjustments', {
      inventoryId: invB,
      reason: 'adjustment',
      lines: [{ variantId, countedQuantity: 0 }],
    });
    expect(refused(adjust.status)).toBe(true);
    expect(await onHandB()).toBe(stock);
    const rename = await manager.patch(`/api/Inventories/${invB}`, { name: 'مخزن من فرع آخر' });
    expect(refused(rename.status)).toBe(true);
    expect(
      (await t.ds.query('SELECT name FROM inventories WHERE id = $1', [invB]))[0].name,
    ).not.toBe('مخزن من فرع آخر');
    const [{ n: before }] = await t.ds.query(
      'SELECT count(*)::int AS n FROM inventories WHERE branch_id = $1',
      [branchB],
    );
    const created = await manager.post('/api/Inventories', {
      branchId: branchB,
      name: 'مخزن دخيل',
    });
    expect(refused(created.status)).toBe(true);
    expect(
      (
        await t.ds.query('SELECT count(*)::int AS n FROM inventories WHERE branch_id = $1', [
          branchB,
        ])
      )[0].n,
    ).toBe(before);
    const [{ n: products }] = await t.ds.query('SELECT count(*)::int AS n FROM products');
    const opening = await manager.post('/api/Products', {
      nameAr: `صنف برصيد فرع آخر ${randomUUID().slice(0, 6)}`,
      variants: [
        {
          barcodes: [`ISO-${randomUUID().slice(0, 12)}`],
          sellPrice: 1000,
          minSellPrice: 800,
          openingStock: [{ inventoryId: invB, quantity: 5 }],
        },
      ],
    });
    expect([opening.status, opening.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await t.ds.query('SELECT count(*)::int AS n FROM products'))[0].n).toBe(products);
    // Its own branch still works.
    const own = await manager.post('/api/StockAdjustments', {
      inventoryId: invA,
      reason: 'adjustment',
      lines: [{ variantId, quantity: 1 }],
    });
    expect(own.status).toBe(201);
  });

  it("bounds an API key to its branch: branch B's invoice, shift, stock and adjustments are refused", async () => {
    const created = await admin.post('/api/admin/apiKeys', {
      name: 'تكامل فرع أ',
      permissions: [
        'can_see_invoices',
        'can_see_inventories',
        'can_adjust_stock',
        'view_all_shifts',
        'can_see_shift_totals',
        'can_see_products',
      ],
      branchId: branchA,
    });
    expect(created.status).toBe(201);
    const key = (req: ReturnType<typeof t.http.get>) =>
      req.set('Authorization', `Bearer ${created.body.key}`);
    expect((await key(t.http.get(`/api/Inventories/${invA}/stock`))).status).toBe(200);
    // A key is not a session: the session endpoint answers as for a guest (it answered 500 before).
    const session = await key(t.http.get('/api/auth/session'));
    expect([session.status, session.body]).toEqual([200, {}]);
    for (const path of [
      `/api/invoices/${saleB.id}`,
      `/api/Shift/${shiftB}`,
      `/api/Inventories/${invB}/stock`,
      `/api/Branch/${branchB}`,
    ]) {
      const res = await key(t.http.get(path));
      expect({ path, refused: refused(res.status) }).toEqual({ path, refused: true });
    }
    const stock = await onHandB();
    const adjust = await t.http
      .post('/api/StockAdjustments')
      .set('Authorization', `Bearer ${created.body.key}`)
      .send({
        inventoryId: invB,
        reason: 'adjustment',
        lines: [{ variantId, countedQuantity: 0 }],
      });
    expect(refused(adjust.status)).toBe(true);
    expect(await onHandB()).toBe(stock);
  });

  it("shows a branch-B reader only branch B's lines of branch-A purchase entries that touch B's stock (issue 30 item 16)", async () => {
    // Branch A buys into its store at a new cost and pays from its main vault; the moving average
    // cost revalues branch B's stock of the variant too: one entry, lines in both branches (as the
    // demo's purchases, ten per branch, which a branch-B user read in full with A's vault line).
    const [vendor] = await t.ds.query('SELECT id FROM vendors ORDER BY created_at LIMIT 1');
    const [vaultA] = await t.ds.query(
      `SELECT id, account_id FROM vaults WHERE branch_id = $1 AND is_main AND type = 'cash'`,
      [branchA],
    );
    await admin.post('/api/MoneyTransactions', {
      type: 'deposit',
      amount: 50_000,
      toVaultId: vaultA.id,
      reason: 'رصيد للشراء',
    });
    const bought = await admin.post('/api/PurchaseInvoices', {
      vendorId: vendor.id,
      inventoryId: invA,
      lines: [{ variantId, quantity: 2, unitCost: 9000, vatRate: 0 }],
      post: true,
      payment: { vaultId: vaultA.id, amount: 18_000 },
    });
    expect([bought.status, bought.body.message]).toEqual([201, undefined]);
    const lines: { branch_id: string; account_id: string }[] = await t.ds.query(
      `SELECT l.branch_id, l.account_id FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
        WHERE e.source_id = $1`,
      [bought.body.id],
    );
    const branchesOf = new Set(lines.map((l) => l.branch_id));
    expect(branchesOf).toEqual(new Set([branchA, branchB]));

    const readerB = await signedIn(['can_see_totals'], branchB);
    // And the demo's own purchase entries of branch A that touch branch B.
    const demo: { id: string }[] = await t.ds.query(
      `SELECT e.id FROM journal_entries e WHERE e.branch_id = $1 AND e.source_type = 'purchase'
          AND EXISTS (SELECT 1 FROM journal_lines l WHERE l.entry_id = e.id AND l.branch_id = $2)`,
      [branchA, branchB],
    );
    for (const { id } of demo) {
      const one = await readerB.get(`/api/JournalEntries/${id}`);
      expect(one.status).toBe(200);
      const seen = one.body.lines.map((l: { branchId: string }) => l.branchId);
      expect([id, [...new Set(seen)]]).toEqual([id, [branchB]]);
      expect(one.body.hiddenLines).toBeGreaterThan(0);
    }
    const list = await readerB.get(`/api/JournalEntries?sourceId=${bought.body.id}&pageSize=50`);
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    for (const entry of list.body as {
      id: string;
      hiddenLines: number;
      lines: { branchId: string; accountId: string }[];
    }[]) {
      expect(entry.lines.every((l) => l.branchId === branchB)).toBe(true);
      expect(entry.lines.map((l) => l.accountId)).not.toContain(vaultA.account_id);
      expect(entry.hiddenLines).toBeGreaterThan(0);
      const one = await readerB.get(`/api/JournalEntries/${entry.id}`);
      expect(one.body.lines.every((l: { branchId: string }) => l.branchId === branchB)).toBe(true);
      expect(one.body.hiddenLines).toBe(entry.hiddenLines);
    }
    // The whole entry stays whole for whoever reads every branch.
    const all = await admin.get(`/api/JournalEntries?sourceId=${bought.body.id}&pageSize=50`);
    const seen = (all.body as { lines: unknown[]; hiddenLines: number }[]).flatMap((e) => {
      expect(e.hiddenLines).toBe(0);
      return e.lines;
    });
    expect(seen).toHaveLength(lines.length);
  });

  it('shares customers between branches by design (docs/decisions/)', async () => {
    const read = await strong.get(`/api/Customers/${customerB}`);
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(customerB);
    const found = await strong.get(`/api/Customers?q=${encodeURIComponent('عميل فرع ب')}`);
    expect(found.body.map((c: { id: string }) => c.id)).toContain(customerB);
  });
});
