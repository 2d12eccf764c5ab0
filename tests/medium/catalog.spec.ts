import ExcelJS from 'exceljs';
import { Client, createTestApp, createUserWith, type TestApp } from './support/app';

const COST_FIELDS = ['avgCost', 'marginPercent', 'valueAtCost', 'unitCost'];

/** Every key anywhere in a JSON value. */
function keysDeep(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysDeep(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysDeep(v, out);
    }
  }
  return out;
}

async function ledgerMatchesBalances(t: TestApp) {
  return t.ds.query(
    `SELECT s.variant_id, s.inventory_id, s.on_hand, COALESCE(sum(m.quantity), 0) AS ledger
       FROM stock_levels s LEFT JOIN stock_movements m ON m.variant_id = s.variant_id AND m.inventory_id = s.inventory_id
      GROUP BY s.variant_id, s.inventory_id, s.on_hand
     HAVING s.on_hand <> COALESCE(sum(m.quantity), 0)`,
  );
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('x');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('catalog and inventory', () => {
  let t: TestApp;
  let admin: Client;
  let inventoryId: string;
  let otherInventoryId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    const invs = (await admin.get('/api/Inventories')).body;
    const [{ branch_id }] = await t.ds.query(`SELECT branch_id FROM users WHERE username = 'admin'`);
    inventoryId = invs.find((i: { branchId: string }) => i.branchId === branch_id).id;
    otherInventoryId = invs.find((i: { branchId: string }) => i.branchId !== branch_id).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const createProduct = async (nameAr: string, variants: object[], extra: object = {}) => {
    const res = await admin.post('/api/Products', { nameAr, variants, ...extra });
    expect(res.status).toBe(201);
    return res.body;
  };

  it('creates a product with a size × colour grid and opening stock; ledger equals balances', async () => {
    const sizes = ['M', 'L'];
    const colours = ['أحمر', 'أزرق'];
    const variants = sizes.flatMap((s, i) =>
      colours.map((c, j) => ({
        barcodes: [`TEST-GRID-${i}${j}`],
        properties: { 'المقاس': s, 'اللون': c },
        sellPrice: 25000,
        minSellPrice: 22000,
        avgCost: 15000,
        lowStockThreshold: 2,
        openingStock: [{ inventoryId, quantity: 10 }],
      })),
    );
    const product = await createProduct('قميص اختبار الشبكة', variants);
    expect(product.variants).toHaveLength(4);
    expect(product.variants[0].sku).toMatch(/^SKU\d{6}$/);
    expect(product.variants[0].stock).toEqual([expect.objectContaining({ inventoryId, onHand: 10 })]);
    expect(await ledgerMatchesBalances(t)).toEqual([]);
  });

  it('keeps ledger and balances equal after adjustments, and refuses negative stock unless allowed', async () => {
    const product = await createProduct('منتج مخزون سالب', [{ barcodes: ['TEST-NEG-1'], sellPrice: 1000, openingStock: [{ inventoryId, quantity: 3 }] }]);
    const variantId = product.variants[0].id;
    const down = await admin.post('/api/StockAdjustments', { inventoryId, reason: 'adjustment', lines: [{ variantId, quantity: -2 }] });
    expect(down.status).toBe(201);
    const tooMuch = await admin.post('/api/StockAdjustments', { inventoryId, reason: 'adjustment', lines: [{ variantId, quantity: -5 }] });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.code).toBe('INSUFFICIENT_STOCK');
    expect(tooMuch.body.message).toContain('منتج مخزون سالب');
    const [{ on_hand }] = await t.ds.query('SELECT on_hand FROM stock_levels WHERE variant_id = $1 AND inventory_id = $2', [variantId, inventoryId]);
    expect(Number(on_hand)).toBe(1);
    // Allowed once the inventory allows negative stock.
    await admin.patch(`/api/Inventories/${inventoryId}`, { allowNegative: true });
    const negative = await admin.post('/api/StockAdjustments', { inventoryId, reason: 'adjustment', lines: [{ variantId, quantity: -5 }] });
    expect(negative.status).toBe(201);
    await admin.patch(`/api/Inventories/${inventoryId}`, { allowNegative: false });
    // A counted quantity sets the balance.
    const counted = await admin.post('/api/StockAdjustments', { inventoryId, reason: 'adjustment', lines: [{ variantId, countedQuantity: 7.5 }] });
    expect(counted.status).toBe(201);
    const moves = await admin.get(`/api/variants/${variantId}/movements?inventoryId=${inventoryId}`);
    expect(moves.body.map((m: { quantity: number }) => m.quantity)).toEqual([11.5, -5, -2, 3]);
    expect(moves.body[0].balanceAfter).toBe(7.5);
    expect(await ledgerMatchesBalances(t)).toEqual([]);
  });

  it('sells the last unit once under concurrency (ledger lock)', async () => {
    const product = await createProduct('آخر قطعة', [{ barcodes: ['TEST-LAST-1'], sellPrice: 1000, openingStock: [{ inventoryId, quantity: 1 }] }]);
    const variantId = product.variants[0].id;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => admin.post('/api/StockAdjustments', { inventoryId, reason: 'adjustment', lines: [{ variantId, quantity: -1 }] })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(7);
    expect(await ledgerMatchesBalances(t)).toEqual([]);
  });

  it('finds Arabic names however they are typed (hamza, teh marbuta, tashkeel), barcodes first', async () => {
    await createProduct('أحمد للأدوات', [{ barcodes: ['TEST-AHMED-1'], sellPrice: 500 }]);
    await createProduct('مكتبة النور', [{ barcodes: ['TEST-NOUR-1'], sellPrice: 500 }]);
    const names = async (q: string) =>
      (await admin.get(`/api/variants/search?q=${encodeURIComponent(q)}`)).body.map((v: { productName: string }) => v.productName);
    expect(await names('احمد')).toContain('أحمد للأدوات');
    expect(await names('مكتبه')).toContain('مكتبة النور');
    expect(await names('مَكتَبة')).toContain('مكتبة النور');
    expect(await names('نور مكتب')).toContain('مكتبة النور');
    const exact = (await admin.get('/api/variants/search?q=TEST-NOUR-1')).body;
    expect(exact[0].productName).toBe('مكتبة النور');
    // Injection strings are just text.
    const inj = await admin.get(`/api/variants/search?q=${encodeURIComponent("'; DROP TABLE variants; --")}`);
    expect(inj.status).toBe(200);
    expect(inj.body).toEqual([]);
    const [{ n }] = await t.ds.query('SELECT count(*)::int AS n FROM variants');
    expect(n).toBeGreaterThan(0);
  });

  it('keeps the buy price out of every response without can_see_buy_price', async () => {
    const product = await createProduct('منتج التكلفة السرية', [{ barcodes: ['TEST-COST-1'], sellPrice: 9000, avgCost: 4000, openingStock: [{ inventoryId, quantity: 4 }] }]);
    const variantId = product.variants[0].id;
    const user = await createUserWith(t.ds, ['can_see_products', 'can_see_inventories', 'can_see_near_end_products', 'can_manage_products']);
    const c = new Client(t.app);
    await c.signIn(user.username, user.password);
    const responses = [
      await c.get('/api/Products'),
      await c.get(`/api/Products/${product.id}`),
      await c.get('/api/variants?q=التكلفة'),
      await c.get(`/api/variants?inventoryId=${inventoryId}`),
      await c.get('/api/variants/search?q=TEST-COST-1'),
      await c.get(`/api/variants/${variantId}/movements`),
      await c.get('/api/Inventories'),
      await c.get(`/api/Inventories/${inventoryId}/stock`),
      await c.get('/api/variants/getNearStockEnd'),
      await c.patch(`/api/Products/variants/${variantId}`, { sellPrice: 9500, avgCost: 1 }),
    ];
    for (const res of responses) {
      expect(res.status).toBeLessThan(300);
      const keys = keysDeep(res.body);
      for (const field of COST_FIELDS) expect(keys.has(field)).toBe(false);
    }
    expect(responses[7].headers['x-total-value']).toBeUndefined();
    // Trying to set the cost without the permission changes nothing.
    const [{ avg_cost }] = await t.ds.query('SELECT avg_cost FROM variants WHERE id = $1', [variantId]);
    expect(Number(avg_cost)).toBe(4000);
    // The export has no cost column.
    const exported = await c.get('/api/Products/export').buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.body);
    const header = (wb.worksheets[0].getRow(1).values as string[]).filter(Boolean);
    expect(header).toContain('سعر البيع');
    expect(header).not.toContain('متوسط التكلفة');
    // An admin sees it.
    const full = await admin.get('/api/variants/search?q=TEST-COST-1');
    expect(full.body[0].avgCost).toBe(4000);
    expect(full.body[0].marginPercent).toBeCloseTo(57.89, 1);
  });

  it("lists low stock for the user's branch only", async () => {
    const product = await createProduct('صنف قارب على النفاد', [{ barcodes: ['TEST-LOW-1'], sellPrice: 1000, lowStockThreshold: 5, openingStock: [{ inventoryId, quantity: 3 }, { inventoryId: otherInventoryId, quantity: 1 }] }]);
    const low = (await admin.get('/api/variants/getNearStockEnd')).body.filter((r: { productId: string }) => r.productId === product.id);
    expect(low).toEqual([expect.objectContaining({ inventoryId, onHand: 3, lowStockThreshold: 5 })]);
  });

  it('imports a bad file as nothing at all and reports every bad row in Arabic', async () => {
    const before = await t.ds.query('SELECT (SELECT count(*) FROM products)::int AS p, (SELECT count(*) FROM variants)::int AS v');
    const file = await xlsx([
      ['اسم المنتج', 'كود الصنف', 'الباركود', 'سعر البيع', 'الخصائص'],
      ['مستورد جيد', 'IMP-OK-1', 'IMP-BC-1', '150.50', 'المقاس=L'],
      ['', 'IMP-BAD-2', 'IMP-BC-2', '10', ''],
      ['مستورد سعر خطأ', 'IMP-BAD-3', 'IMP-BC-3', 'عشرة', ''],
      ['مستورد مكرر', 'IMP-OK-1', 'TEST-GRID-00', '1.999', ''],
    ]);
    const res = await admin.agent.post('/api/Products/import?dryRun=false').set('X-CSRF-Token', admin.csrf).attach('file', file, 'bad.xlsx');
    expect(res.status).toBe(201);
    expect(res.body.dryRun).toBe(true);
    const rows = res.body.errors.map((e: { row: number }) => e.row);
    expect(rows).toEqual(expect.arrayContaining([3, 4, 5]));
    expect(res.body.errors.find((e: { row: number }) => e.row === 3).message).toBe('الحقل مطلوب');
    expect(res.body.errors.some((e: { message: string }) => e.message.startsWith('مستخدم لصنف آخر'))).toBe(true);
    const after = await t.ds.query('SELECT (SELECT count(*) FROM products)::int AS p, (SELECT count(*) FROM variants)::int AS v');
    expect(after).toEqual(before);
  });

  it('previews then imports a good file, creating and updating by SKU', async () => {
    const file = await xlsx([
      ['اسم المنتج', 'القسم', 'كود الصنف', 'الباركود', 'سعر البيع', 'متوسط التكلفة', 'الخصائص', 'حد الطلب'],
      ['جاكيت مستورد', 'ملابس مستوردة', 'IMP-J-M', 'IMP-J-M-BC', '350', '200', 'المقاس=M', 2],
      ['جاكيت مستورد', 'ملابس مستوردة', 'IMP-J-L', 'IMP-J-L-BC', '350', '200', 'المقاس=L', 2],
    ]);
    const preview = await admin.agent.post('/api/Products/import?dryRun=true').set('X-CSRF-Token', admin.csrf).attach('file', file, 'good.xlsx');
    expect(preview.body).toMatchObject({ dryRun: true, totalRows: 2, created: 2, updated: 0, errors: [] });
    expect((await admin.get('/api/variants/search?q=IMP-J-M')).body).toEqual([]);
    const done = await admin.agent.post('/api/Products/import?dryRun=false').set('X-CSRF-Token', admin.csrf).attach('file', file, 'good.xlsx');
    expect(done.body).toMatchObject({ dryRun: false, created: 2, errors: [] });
    const found = (await admin.get('/api/variants/search?q=IMP-J-M')).body[0];
    expect(found).toMatchObject({ productName: 'جاكيت مستورد', sellPrice: 35000, avgCost: 20000, properties: { 'المقاس': 'M' } });
    const [{ n }] = await t.ds.query(`SELECT count(DISTINCT product_id)::int AS n FROM variants WHERE sku IN ('IMP-J-M', 'IMP-J-L')`);
    expect(n).toBe(1);
    const update = await xlsx([['كود الصنف', 'اسم المنتج', 'سعر البيع'], ['IMP-J-M', 'جاكيت مستورد', '399.99']]);
    const updated = await admin.agent.post('/api/Products/import?dryRun=false').set('X-CSRF-Token', admin.csrf).attach('file', update, 'u.xlsx');
    expect(updated.body).toMatchObject({ created: 0, updated: 1 });
    expect((await admin.get('/api/variants/search?q=IMP-J-M')).body[0].sellPrice).toBe(39999);
  });

  it('refuses deleting a variant that has stock, and a barcode used by another item', async () => {
    const a = await createProduct('صنف له رصيد', [{ barcodes: ['TEST-DEL-1'], sellPrice: 100, openingStock: [{ inventoryId, quantity: 1 }] }]);
    const del = await admin.delete(`/api/Products/variants/${a.variants[0].id}`);
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('VARIANT_HAS_STOCK');
    const clash = await admin.post('/api/Products', { nameAr: 'باركود مكرر', variants: [{ barcodes: ['TEST-DEL-1'], sellPrice: 100 }] });
    expect(clash.status).toBe(400);
    expect(clash.body.code).toBe('BARCODE_TAKEN');
    const b = await createProduct('صنف بدون رصيد', [{ barcodes: ['TEST-DEL-2'], sellPrice: 100 }]);
    expect((await admin.delete(`/api/Products/variants/${b.variants[0].id}`)).status).toBe(204);
  });
});
