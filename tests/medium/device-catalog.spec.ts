import { Client, createTestApp, createUserWith, type TestApp } from './support/app';

// Issue 32 item 2: the till's device catalog — a first load in keyset pages with counts, then
// only what changed since the cursor (removals included, a late commit never missed), for an
// inventory of the user's own branch.

type Page = { rows: unknown[][]; removed: string[]; next: string | null };
type Start = {
  cursor: string;
  full: boolean;
  counts: { variants: number; stock: number; customers: number };
  paymentMethods: { id: string; nameAr: string; type: string }[];
  receipt: Record<string, unknown> | null;
  removed: { variants: string[]; customers: string[] };
};

describe('device catalog', () => {
  let t: TestApp;
  let admin: Client;
  let cashier: Client;
  let inventoryId: string;
  let otherInventoryId: string;
  let branchId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    [{ branch_id: branchId }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'admin'`,
    );
    const invs = (await admin.get('/api/Inventories')).body;
    inventoryId = invs.find((i: { branchId: string }) => i.branchId === branchId).id;
    otherInventoryId = invs.find((i: { branchId: string }) => i.branchId !== branchId).id;
    const user = await createUserWith(t.ds, [], { branchId });
    cashier = new Client(t.app);
    await cashier.signIn(user.username, user.password);
  });
  afterAll(async () => {
    await t.close();
  });

  const start = async (since?: string): Promise<Start> => {
    const q = new URLSearchParams({ inventoryId, ...(since ? { since } : {}) });
    const res = await cashier.get(`/api/device-catalog?${q}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  /** Every page of a part, `limit` rows at a time. */
  const pages = async (part: string, limit: number, since?: string) => {
    const rows: unknown[][] = [];
    const removed: string[] = [];
    let after: string | null = null;
    let calls = 0;
    do {
      const q = new URLSearchParams({
        inventoryId,
        part,
        limit: String(limit),
        ...(since ? { since } : {}),
        ...(after ? { after } : {}),
      });
      const res = await cashier.get(`/api/device-catalog/page?${q}`);
      expect(res.status).toBe(200);
      const page = res.body as Page;
      expect(page.rows.length + page.removed.length).toBeLessThanOrEqual(limit);
      rows.push(...page.rows);
      removed.push(...page.removed);
      after = page.next;
      calls++;
    } while (after && calls < 1000);
    return { rows, removed, calls };
  };

  const product = async (nameAr: string, variants: object[]) => {
    const res = await admin.post('/api/Products', { nameAr, vatRate: 14, variants });
    expect(res.status).toBe(201);
    return res.body.variants.map((v: { id: string }) => v.id) as string[];
  };

  it('loads everything in keyset pages with the counts, the small lists and the receipt data', async () => {
    const [a] = await product('أحمد للمنظفات', [
      {
        barcodes: ['DEV-CAT-A1'],
        sellPrice: 1250,
        minSellPrice: 1000,
        openingStock: [{ inventoryId, quantity: 7 }],
      },
    ]);
    const s = await start();
    expect(s.full).toBe(true);
    expect(s.cursor).toMatch(/^\d+:\d+:/);
    expect(s.removed).toEqual({ variants: [], customers: [] });
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM variants v JOIN products p ON p.id = v.product_id WHERE v.active AND p.active`,
    );
    expect(s.counts.variants).toBe(n);
    expect(n).toBeGreaterThan(100);
    const [{ methods }] = await t.ds.query(
      `SELECT count(*)::int AS methods FROM payment_methods WHERE active`,
    );
    expect(s.paymentMethods).toHaveLength(methods);
    expect(s.receipt).toHaveProperty('phoneNumber');

    const variants = await pages('variants', 97);
    expect(variants.rows).toHaveLength(n);
    expect(variants.calls).toBe(Math.floor(n / 97) + 1);
    const ids = variants.rows.map((r) => r[0] as string);
    expect(new Set(ids).size).toBe(n);
    expect([...ids].sort()).toEqual(ids);
    expect(variants.rows.find((r) => r[0] === a)).toEqual([
      a,
      expect.any(String),
      'أحمد للمنظفات',
      null,
      expect.any(String),
      ['DEV-CAT-A1'],
      {},
      1250,
      1000,
      14,
      'piece',
      // its ETA item (issue 32 item 6): none set, the e-receipt uses the company's EGS code
      null,
      null,
      // its category (issue 33: category promotions on the till): none set
      null,
    ]);

    // A page is about a megabyte of JSON at full size: it travels gzipped.
    const big = await cashier
      .get(`/api/device-catalog/page?inventoryId=${inventoryId}&part=variants&limit=100`)
      .set('Accept-Encoding', 'gzip');
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(big.body.rows).toEqual(variants.rows.slice(0, 100));

    const stock = await pages('stock', 500);
    expect(stock.rows).toHaveLength(s.counts.stock);
    expect(stock.rows.find((r) => r[0] === a)).toEqual([a, 7, 0]);
    const customers = await pages('customers', 500);
    expect(customers.rows).toHaveLength(s.counts.customers);
    for (const c of customers.rows) expect(c).toHaveLength(5);
  });

  it('then sends only what changed since the cursor: prices, barcodes, stock, removals', async () => {
    const [price, barcode, deactivated, deleted, untouched] = await product('صنف للمزامنة', [
      { barcodes: ['DEV-CAT-P'], properties: { اللون: 'أحمر' }, sellPrice: 500 },
      { barcodes: ['DEV-CAT-B'], properties: { اللون: 'أزرق' }, sellPrice: 500 },
      { barcodes: ['DEV-CAT-D'], properties: { اللون: 'أخضر' }, sellPrice: 500 },
      { barcodes: ['DEV-CAT-X'], properties: { اللون: 'أسود' }, sellPrice: 500 },
      {
        barcodes: ['DEV-CAT-U'],
        properties: { اللون: 'أبيض' },
        sellPrice: 500,
        openingStock: [{ inventoryId, quantity: 3 }],
      },
    ]);
    const first = await start();
    // Nothing changed yet: an empty delta.
    const none = await start(first.cursor);
    expect(none.full).toBe(false);
    expect(none.counts).toEqual({ variants: 0, stock: 0, customers: 0 });

    const patch = (id: string, body: object) => admin.patch(`/api/Products/variants/${id}`, body);
    expect((await patch(price, { sellPrice: 650 })).status).toBe(200);
    expect((await patch(barcode, { barcodes: ['DEV-CAT-B2'] })).status).toBe(200);
    expect((await patch(deactivated, { active: false })).status).toBe(200);
    expect((await admin.delete(`/api/Products/variants/${deleted}`)).status).toBe(204);
    const adjust = await admin.post('/api/StockAdjustments', {
      inventoryId,
      reason: 'adjustment',
      lines: [{ variantId: untouched, quantity: -1 }],
    });
    expect(adjust.status).toBe(201);

    const delta = await start(first.cursor);
    expect(delta.full).toBe(false);
    expect(delta.removed.variants).toEqual([deleted]);
    expect(delta.counts).toEqual({ variants: 3, stock: 1, customers: 0 });
    const variants = await pages('variants', 2, first.cursor);
    expect(variants.removed).toEqual([deactivated]);
    const byId = new Map(variants.rows.map((r) => [r[0], r]));
    expect([...byId.keys()].sort()).toEqual([price, barcode].sort());
    expect(byId.get(price)?.[7]).toBe(650);
    expect(byId.get(barcode)?.[5]).toEqual(['DEV-CAT-B2']);
    const stock = await pages('stock', 10, first.cursor);
    expect(stock.rows).toEqual([[untouched, 2, 0]]);

    // From the newer cursor, nothing again.
    const after = await start(delta.cursor);
    expect(after.counts).toEqual({ variants: 0, stock: 0, customers: 0 });
    expect(after.removed.variants).toEqual([]);
  });

  it('never misses a balance changed before the cursor and committed after it; a balance update may stay HOT', async () => {
    const [late] = await product('رصيد التزام متأخر', [
      { barcodes: ['DEV-CAT-S'], sellPrice: 100, openingStock: [{ inventoryId, quantity: 4 }] },
    ]);
    const runner = t.ds.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      // Stamped (changed_xid and its bucket) before the cursor, committed after it.
      await runner.query(
        'UPDATE stock_levels SET on_hand = on_hand + 1 WHERE variant_id = $1 AND inventory_id = $2',
        [late, inventoryId],
      );
      const cursor = (await start()).cursor;
      await runner.commitTransaction();
      expect((await pages('stock', 50, cursor)).rows).toEqual([[late, 5, 0]]);
    } finally {
      await runner.release();
    }
    // A sale's balance update changes on_hand and the stamp: no index of the table may hold either,
    // or no balance update could be HOT (docs/decisions/0098); the cursor's index holds the bucket.
    const defs: { def: string }[] = await t.ds.query(
      `SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index WHERE indrelid = 'stock_levels'::regclass`,
    );
    for (const { def } of defs) expect(def).not.toMatch(/on_hand|changed_xid/);
    expect(defs.some(({ def }) => def.includes('(inventory_id, changed_bucket)'))).toBe(true);
  });

  it('never misses a change committed after the cursor by a transaction that began before it', async () => {
    const [late] = await product('صنف التزام متأخر', [{ barcodes: ['DEV-CAT-L'], sellPrice: 100 }]);
    const runner = t.ds.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      // Written (its stamp taken) before the cursor, committed after it.
      await runner.query('UPDATE variants SET sell_price = 175 WHERE id = $1', [late]);
      const cursor = (await start()).cursor;
      await runner.commitTransaction();
      const delta = await pages('variants', 50, cursor);
      expect(delta.rows.map((r) => [r[0], r[7]])).toEqual([[late, 175]]);
    } finally {
      await runner.release();
    }
  });

  it("resends a product's variants when it changes, removes a deleted product's, resends a customer", async () => {
    const created = await admin.post('/api/Products', {
      nameAr: 'منتج يتغير اسمه',
      variants: [
        { barcodes: ['DEV-CAT-N1'], properties: { المقاس: 'S' }, sellPrice: 300 },
        { barcodes: ['DEV-CAT-N2'], properties: { المقاس: 'M' }, sellPrice: 300 },
      ],
    });
    expect(created.status).toBe(201);
    const productId = created.body.id as string;
    const customer = await admin.post('/api/Customers', { name: 'عميل آجل', phone: '01005550001' });
    expect(customer.status).toBe(201);
    const gone = await admin.post('/api/Products', {
      nameAr: 'منتج يحذف',
      variants: [
        { barcodes: ['DEV-CAT-G1'], properties: { المقاس: 'S' }, sellPrice: 1 },
        { barcodes: ['DEV-CAT-G2'], properties: { المقاس: 'M' }, sellPrice: 1 },
      ],
    });
    expect(gone.status).toBe(201);
    const { cursor } = await start();

    expect(
      (await admin.patch(`/api/Products/${productId}`, { nameAr: 'منتج تغير اسمه' })).status,
    ).toBe(200);
    expect(
      (await admin.patch(`/api/Customers/${customer.body.id}`, { creditLimit: 150000 })).status,
    ).toBe(200);

    // Deleting a product removes its variants (the database's cascade leaves their tombstones).
    expect((await admin.delete(`/api/Products/${gone.body.id}`)).status).toBe(204);
    const removed = (await start(cursor)).removed.variants;
    expect(removed.sort()).toEqual(gone.body.variants.map((v: { id: string }) => v.id).sort());

    const variants = await pages('variants', 50, cursor);
    expect(variants.rows.map((r) => [r[1], r[2]])).toEqual([
      [productId, 'منتج تغير اسمه'],
      [productId, 'منتج تغير اسمه'],
    ]);
    const customers = await pages('customers', 50, cursor);
    expect(customers.rows).toEqual([[customer.body.id, 'عميل آجل', '01005550001', 0, 150000]]);
  });

  it("refuses another branch's inventory and a user without the till; 404 for no inventory", async () => {
    const other = await cashier.get(`/api/device-catalog?inventoryId=${otherInventoryId}`);
    expect(other.status).toBe(403);
    const otherPage = await cashier.get(
      `/api/device-catalog/page?part=variants&inventoryId=${otherInventoryId}`,
    );
    expect(otherPage.status).toBe(403);
    const missing = await cashier.get(
      `/api/device-catalog?inventoryId=00000000-0000-4000-8000-000000000000`,
    );
    expect(missing.status).toBe(404);

    // A user whose screens do not include the till.
    const clerk = await createUserWith(t.ds, ['can_see_customers'], { branchId });
    await t.ds.query(`UPDATE users SET screens = '{Customers}' WHERE id = $1`, [clerk.id]);
    const c = new Client(t.app);
    await c.signIn(clerk.username, clerk.password);
    expect((await c.get(`/api/device-catalog?inventoryId=${inventoryId}`)).status).toBe(403);
    // The POS module switched off: nobody's till.
    await t.ds.query(`UPDATE site_settings SET modules = '{Einvoice}' WHERE id = 1`);
    try {
      expect((await cashier.get(`/api/device-catalog?inventoryId=${inventoryId}`)).status).toBe(
        403,
      );
    } finally {
      await t.ds.query(
        `UPDATE site_settings SET modules = '{POS,Einvoice,INSTALLMENTS,Maintenance}' WHERE id = 1`,
      );
    }
  });

  it('answers bad parameters with a localised 400 naming the field', async () => {
    const bad = async (path: string, field: string) => {
      const res = await cashier.get(path);
      expect({ path, status: res.status, code: res.body.code }).toEqual({
        path,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
      expect(res.body.message).toContain(field);
    };
    const base = `/api/device-catalog`;
    await bad(`${base}?inventoryId=nope`, 'المخزن');
    await bad(`${base}?inventoryId=${inventoryId}&since=garbage`, 'مؤشر المزامنة');
    // A snapshot PostgreSQL would refuse (xmax before xmin; an xip out of order).
    await bad(`${base}?inventoryId=${inventoryId}&since=20:10:`, 'مؤشر المزامنة');
    await bad(`${base}?inventoryId=${inventoryId}&since=10:20:15,12`, 'مؤشر المزامنة');
    await bad(`${base}/page?inventoryId=${inventoryId}&part=orders`, 'الجزء');
    await bad(`${base}/page?inventoryId=${inventoryId}&part=variants&limit=50000`, 'الحد');
    await bad(`${base}/page?inventoryId=${inventoryId}&part=variants&after=x`, 'بعد');
    const res = await cashier.agent
      .get(`${base}?inventoryId=${inventoryId}&since=garbage`)
      .set('Cookie', 'locale=en');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Sync cursor');
  });
});
