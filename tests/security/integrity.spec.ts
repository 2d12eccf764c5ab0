import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { ALL_PERMISSION_KEYS, LIMITS, type PermissionKey } from '@pos/contracts';
import { SEED_ROLES } from '../../server/src/seed/roles';
import {
  Client,
  createTestApp,
  createUserWith,
  tableCounts,
  type TestApp,
} from '../medium/support/app';

// Issue 11, items 1, 3, 6 and 7: data integrity. Every money and quantity input has a documented
// limit (libs/contracts/src/limits.ts) and the largest legal documents still list, report and
// close; counted goods take whole quantities and rounding never gives money away; credit needs
// can_grant_credit; a price every branch sells at is changed store-wide only.
describe('data integrity (issue 11)', () => {
  let t: TestApp;
  let admin: Client;
  let cash: string;
  let branchId: string;
  let inventoryId: string;
  let nextRegister = 60;

  /** A user of `branch` with exactly these permissions, signed in (in `locale`). */
  const signedIn = async (
    permissions: PermissionKey[],
    options: { branchId?: string; locale?: 'ar' | 'en'; maxDiscountPercent?: number } = {},
  ) => {
    const u = await createUserWith(t.ds, permissions, { branchId: options.branchId ?? branchId });
    if (options.maxDiscountPercent)
      await t.ds.query('UPDATE users SET max_discount_percent = $2 WHERE id = $1', [
        u.id,
        options.maxDiscountPercent,
      ]);
    const c = new Client(t.app, options.locale ?? 'ar');
    expect((await c.signIn(u.username, u.password)).status).toBe(200);
    return Object.assign(c, { userId: u.id });
  };
  /** Opens a shift on a register nobody uses. */
  const openShift = async (c: Client, openingCash = 0) => {
    for (;;) {
      const res = await c.post('/api/Shift/open', { openingCash, register: nextRegister++ });
      if (res.status === 201) return res.body.id as string;
      expect(res.body.code).toBe('REGISTER_BUSY');
    }
  };
  /** The same request answered in English (the locale cookie), to read the message in both languages. */
  const inEnglish = (c: Client, method: 'post' | 'patch', path: string, body: unknown) =>
    c.agent[method](path)
      .set('X-CSRF-Token', c.csrf)
      .set('Cookie', 'locale=en')
      .send(body as object);
  const product = async (
    by: Client,
    price: number,
    stock: number,
    extra: Record<string, unknown> = {},
    inventory = inventoryId,
  ) => {
    const res = await by.post('/api/Products', {
      nameAr: `صنف سلامة ${randomUUID().slice(0, 8)}`,
      ...extra,
      variants: [
        {
          barcodes: [`INT-${randomUUID().slice(0, 12)}`],
          sellPrice: price,
          minSellPrice: 0,
          avgCost: price,
          openingStock: stock ? [{ inventoryId: inventory, quantity: stock }] : [],
        },
      ],
    });
    expect(res.status).toBe(201);
    return res.body.variants[0].id as string;
  };
  /** Every number anywhere in a JSON body. */
  const numbersIn = (value: unknown): number[] =>
    typeof value === 'number'
      ? [value]
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(numbersIn)
        : [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    expect((await admin.signIn('admin')).status).toBe(200);
    cash = (await admin.get('/api/PaymentMethods')).body.find(
      (m: { type: string }) => m.type === 'cash',
    ).id;
    // A branch of its own: its reports hold only this suite's documents.
    const branch = await admin.post('/api/Branch', {
      name: `فرع السلامة ${randomUUID().slice(0, 6)}`,
    });
    expect(branch.status).toBe(201);
    branchId = branch.body.id;
    [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
  });
  afterAll(async () => {
    await t.close();
  });

  describe('item 1: bounded money and quantities', () => {
    it('refuses every input past its limit with a 400 in both languages, and writes nothing', async () => {
      const maker = await signedIn([
        'can_see_products',
        'can_manage_products',
        'can_see_buy_price',
        'can_adjust_stock',
        'can_transfer_products',
      ]);
      const before = await tableCounts(t.ds);
      const variant = (over: Record<string, unknown>) => ({
        nameAr: `صنف كبير ${randomUUID().slice(0, 8)}`,
        variants: [{ barcodes: [`BIG-${randomUUID().slice(0, 12)}`], sellPrice: 1000, ...over }],
      });
      // The audit's product: 100,000,000,000 priced, 200,000,000 in stock.
      const attack = await maker.post(
        '/api/Products',
        variant({
          sellPrice: 100_000_000_000,
          openingStock: [{ inventoryId, quantity: 200_000_000 }],
        }),
      );
      expect(attack.status).toBe(400);
      for (const over of [
        { sellPrice: LIMITS.unitPrice + 1 },
        { minSellPrice: LIMITS.unitPrice + 1 },
        { avgCost: LIMITS.unitPrice + 1 },
        { openingStock: [{ inventoryId, quantity: LIMITS.stockQuantity + 1 }] },
        { lowStockThreshold: LIMITS.lowStockThreshold + 1 },
      ]) {
        const ar = await maker.post('/api/Products', variant(over));
        expect(ar.status).toBe(400);
        expect(ar.body.code).toBe('VALIDATION_FAILED');
        const en = await inEnglish(maker, 'post', '/api/Products', variant(over));
        expect(en.status).toBe(400);
        expect(en.body.message).not.toBe(ar.body.message);
      }
      const price = await maker.post('/api/Products', variant({ sellPrice: LIMITS.unitPrice + 1 }));
      expect(price.body.message).toContain('1,000,000');
      expect(price.body.message).toContain('جنيه');
      expect(
        (
          await inEnglish(
            maker,
            'post',
            '/api/Products',
            variant({ sellPrice: LIMITS.unitPrice + 1 }),
          )
        ).body.message,
      ).toContain('1,000,000 EGP');

      const vid = (await t.ds.query('SELECT id FROM variants LIMIT 1'))[0].id;
      const adjust = await maker.post('/api/StockAdjustments', {
        inventoryId,
        reason: 'adjustment',
        lines: [{ variantId: vid, quantity: LIMITS.stockQuantity + 1 }],
      });
      expect(adjust.status).toBe(400);
      const tooManyLines = await maker.post('/api/StockAdjustments', {
        inventoryId,
        reason: 'adjustment',
        lines: Array.from({ length: LIMITS.documentLines + 1 }, () => ({
          variantId: vid,
          quantity: 1,
        })),
      });
      expect(tooManyLines.status).toBe(400);
      const transfer = await maker.post('/api/TransferRequests', {
        fromInventoryId: inventoryId,
        toInventoryId: randomUUID(),
        lines: [{ variantId: vid, quantity: LIMITS.lineQuantity + 1 }],
      });
      expect(transfer.status).toBe(400);
      const customer = await admin.post('/api/Customers', {
        name: 'عميل حد كبير',
        creditLimit: LIMITS.documentTotal + 1,
      });
      expect(customer.status).toBe(400);
      expect(await tableCounts(t.ds)).toEqual(before);
    });

    it('refuses sale lines, lines per invoice, payments and a total past their limits', async () => {
      const seller = await signedIn([]);
      await openShift(seller);
      const big = await product(admin, LIMITS.unitPrice, 20);
      const before = await tableCounts(t.ds);
      const sale = (lines: unknown[], amount: number) => ({
        id: randomUUID(),
        lines,
        payments: [{ methodId: cash, amount }],
      });
      const cases = [
        sale([{ variantId: big, quantity: LIMITS.lineQuantity + 1 }], 1000),
        sale(
          Array.from({ length: LIMITS.documentLines + 1 }, () => ({ variantId: big, quantity: 1 })),
          1000,
        ),
        sale([{ variantId: big, quantity: 1 }], LIMITS.documentTotal + 1),
        {
          ...sale([{ variantId: big, quantity: 1 }], 1000),
          invoiceDiscount: LIMITS.documentTotal + 1,
        },
      ];
      for (const body of cases) {
        const res = await seller.post('/api/Sales', body);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
      }
      // 11 × the largest price is past the largest document: refused whole, in both languages.
      const tooLarge = await seller.post(
        '/api/Sales',
        sale([{ variantId: big, quantity: 11 }], LIMITS.documentTotal),
      );
      expect(tooLarge.status).toBe(400);
      expect(tooLarge.body.code).toBe('DOCUMENT_TOO_LARGE');
      expect(tooLarge.body.message).toContain('10,000,000');
      const en = await inEnglish(
        seller,
        'post',
        '/api/Sales',
        sale([{ variantId: big, quantity: 11 }], LIMITS.documentTotal),
      );
      expect(en.body.code).toBe('DOCUMENT_TOO_LARGE');
      expect(en.body.message).toContain('10,000,000 EGP');
      expect(await tableCounts(t.ds)).toEqual(before);
    });

    it('keeps a balance within the stock limit', async () => {
      const vid = await product(admin, 100, 0);
      const first = await admin.post('/api/StockAdjustments', {
        inventoryId,
        reason: 'adjustment',
        lines: [{ variantId: vid, quantity: LIMITS.stockQuantity }],
      });
      expect(first.status).toBe(201);
      const second = await admin.post('/api/StockAdjustments', {
        inventoryId,
        reason: 'adjustment',
        lines: [{ variantId: vid, quantity: 1 }],
      });
      expect(second.status).toBe(400);
      expect(second.body.code).toBe('STOCK_LIMIT');
      const [{ on_hand }] = await t.ds.query(
        'SELECT on_hand::text FROM stock_levels WHERE variant_id = $1 AND inventory_id = $2',
        [vid, inventoryId],
      );
      expect(Number(on_hand)).toBe(LIMITS.stockQuantity);
    });

    it('lists, reports and closes a shift of the largest legal documents, every figure exact', async () => {
      const everything = ALL_PERMISSION_KEYS.filter(
        (k) => k !== 'can_see_branches',
      ) as PermissionKey[];
      const cashier = await signedIn(everything);
      const shiftId = await openShift(cashier, LIMITS.documentTotal);
      // The largest price × a quantity, the most lines, and the largest line quantity: each sale is
      // worth exactly the largest document total (at price and at cost).
      const dearest = await product(admin, LIMITS.unitPrice, 30);
      const perLine = LIMITS.documentTotal / LIMITS.documentLines;
      const manyLines = await product(admin, perLine, LIMITS.documentLines);
      const bulk = await product(
        admin,
        LIMITS.documentTotal / LIMITS.lineQuantity,
        LIMITS.lineQuantity,
      );
      const bodies = [
        [{ variantId: dearest, quantity: LIMITS.documentTotal / LIMITS.unitPrice }],
        [{ variantId: dearest, quantity: LIMITS.documentTotal / LIMITS.unitPrice }],
        Array.from({ length: LIMITS.documentLines }, () => ({ variantId: manyLines, quantity: 1 })),
        [{ variantId: bulk, quantity: LIMITS.lineQuantity }],
      ];
      const sales: { id: string; total: number; lines: { id: string; quantity: number }[] }[] = [];
      for (const lines of bodies) {
        const res = await cashier.post('/api/Sales', {
          id: randomUUID(),
          lines,
          payments: [{ methodId: cash, amount: LIMITS.documentTotal }],
        });
        expect(res.status).toBe(201);
        expect(res.body.total).toBe(LIMITS.documentTotal);
        sales.push(res.body);
      }
      const ret = await cashier.post(`/api/invoices/${sales[0].id}/returns`, {
        id: randomUUID(),
        lines: [{ saleLineId: sales[0].lines[0].id, quantity: sales[0].lines[0].quantity }],
      });
      expect(ret.status).toBe(201);
      expect(ret.body.total).toBe(LIMITS.documentTotal);
      const salesTotal = 4 * LIMITS.documentTotal;

      const list = await cashier.get(`/api/invoices?pageSize=10`);
      expect(list.status).toBe(200);
      expect(list.headers['x-total-count']).toBe('4');
      expect(list.headers['x-total-amount']).toBe(String(salesTotal));
      const all = await admin.get('/api/invoices');
      expect(all.status).toBe(200);
      expect(all.headers['x-total-amount']).toMatch(/^\d+$/);

      const report = await cashier.get('/api/DailyReport');
      expect(report.status).toBe(200);
      expect(report.body.branchId).toBe(branchId);
      expect(report.body).toMatchObject({
        invoiceCount: 4,
        sales: salesTotal,
        returns: LIMITS.documentTotal,
        net: salesTotal - LIMITS.documentTotal,
      });
      expect(numbersIn(report.body).every(Number.isSafeInteger)).toBe(true);

      const dashboard = await cashier.get('/api/Dashboard');
      expect(dashboard.status).toBe(200);
      expect(
        numbersIn(dashboard.body).every((n) => Number.isSafeInteger(n) || !Number.isInteger(n)),
      ).toBe(true);
      expect(dashboard.body).toMatchObject({
        branchId,
        invoiceCount: 4,
        sales: salesTotal,
        returns: LIMITS.documentTotal,
        net: salesTotal - LIMITS.documentTotal,
      });

      const current = await cashier.get('/api/Shift/current');
      expect(current.status).toBe(200);
      expect(current.body.id).toBe(shiftId);
      expect(current.body.totals).toMatchObject({
        invoiceCount: 4,
        sales: salesTotal,
        returns: LIMITS.documentTotal,
      });
      const expectedCash = LIMITS.documentTotal + salesTotal - LIMITS.documentTotal;
      expect(current.body.totals.expectedCash).toBe(expectedCash);

      const badCount = await cashier.post(`/api/Shift/${shiftId}/close`, {
        countedCash: 0,
        denominations: { '200': 1e300 },
      });
      expect(badCount.status).toBe(400);
      const closed = await cashier.post(`/api/Shift/${shiftId}/close`, {
        countedCash: LIMITS.documentTotal,
      });
      expect(closed.status).toBe(201);
      expect(closed.body).toMatchObject({
        status: 'closed',
        expectedCash,
        difference: LIMITS.documentTotal - expectedCash,
      });
      const read = await cashier.get(`/api/Shift/${shiftId}`);
      expect(read.status).toBe(200);
      expect(
        numbersIn(read.body).every((n) => Number.isSafeInteger(n) || !Number.isInteger(n)),
      ).toBe(true);
      expect((await cashier.get('/api/DailyReport')).status).toBe(200);
      expect((await cashier.get('/api/invoices')).status).toBe(200);
    });
  });

  describe('item 3: units and rounding', () => {
    it('refuses a fraction of a counted item (sale, return, adjustment), in both languages, writing nothing', async () => {
      const seller = await signedIn(['can_return_products']);
      await openShift(seller);
      const piece = await product(admin, 1300, 1000);
      const before = await tableCounts(t.ds);
      const tiny = {
        id: randomUUID(),
        lines: Array.from({ length: 500 }, () => ({ variantId: piece, quantity: 0.001 })),
        payments: [{ methodId: cash, amount: 1000 }],
      };
      const ar = await seller.post('/api/Sales', tiny);
      expect(ar.status).toBe(400);
      expect(ar.body.code).toBe('QUANTITY_NOT_WHOLE');
      const en = await inEnglish(seller, 'post', '/api/Sales', tiny);
      expect(en.body.code).toBe('QUANTITY_NOT_WHOLE');
      expect(en.body.message).toContain('whole number');
      expect(en.body.message).not.toBe(ar.body.message);
      const adjust = await admin.post('/api/StockAdjustments', {
        inventoryId,
        reason: 'adjustment',
        lines: [{ variantId: piece, quantity: 0.5 }],
      });
      expect(adjust.status).toBe(400);
      expect(adjust.body.code).toBe('QUANTITY_NOT_WHOLE');
      expect(await tableCounts(t.ds)).toEqual(before);

      const sale = await seller.post('/api/Sales', {
        id: randomUUID(),
        lines: [{ variantId: piece, quantity: 3 }],
        payments: [{ methodId: cash, amount: 3900 }],
      });
      expect(sale.status).toBe(201);
      const ret = await seller.post(`/api/invoices/${sale.body.id}/returns`, {
        id: randomUUID(),
        lines: [{ saleLineId: sale.body.lines[0].id, quantity: 0.5 }],
      });
      expect(ret.status).toBe(400);
      expect(ret.body.code).toBe('QUANTITY_NOT_WHOLE');
      // A fraction held from before the rule (ledger and balance kept equal) can be corrected.
      await t.ds.query(
        `INSERT INTO stock_movements (id, variant_id, inventory_id, quantity, balance_after, reason) VALUES ($1, $2, $3, 0.5, 997.5, 'adjustment')`,
        [randomUUID(), piece, inventoryId],
      );
      await t.ds.query(
        'UPDATE stock_levels SET on_hand = on_hand + 0.5 WHERE variant_id = $1 AND inventory_id = $2',
        [piece, inventoryId],
      );
      const fix = await admin.post('/api/StockAdjustments', {
        inventoryId,
        reason: 'adjustment',
        lines: [{ variantId: piece, countedQuantity: 997 }],
      });
      expect(fix.status).toBe(201);
      const [{ on_hand }] = await t.ds.query(
        'SELECT on_hand::text FROM stock_levels WHERE variant_id = $1 AND inventory_id = $2',
        [piece, inventoryId],
      );
      expect(Number(on_hand)).toBe(997);
    });

    it('moves and counts counted goods in whole numbers (transfers, stock-taking)', async () => {
      const piece = await product(admin, 1300, 20);
      const other = await admin.post('/api/Inventories', {
        branchId,
        name: `مخزن ثان ${randomUUID().slice(0, 6)}`,
      });
      expect(other.status).toBe(201);
      const transfer = await admin.post('/api/TransferRequests', {
        fromInventoryId: inventoryId,
        toInventoryId: other.body.id,
        lines: [{ variantId: piece, quantity: 0.5 }],
      });
      expect(transfer.status).toBe(400);
      expect(transfer.body.code).toBe('QUANTITY_NOT_WHOLE');
      expect(
        (
          await admin.post('/api/TransferRequests', {
            fromInventoryId: inventoryId,
            toInventoryId: other.body.id,
            lines: [{ variantId: piece, quantity: 2 }],
          })
        ).status,
      ).toBe(201);
      const session = await admin.post('/api/StockTakings', {
        inventoryId: other.body.id,
        scope: 'all',
      });
      expect(session.status).toBe(201);
      const fraction = await admin.post(`/api/StockTakings/${session.body.id}/counts`, {
        variantId: piece,
        quantity: 0.5,
      });
      expect(fraction.status).toBe(400);
      expect(fraction.body.code).toBe('QUANTITY_NOT_WHOLE');
    });

    it('charges weighed goods never below their exact amount, however the basket is split', async () => {
      const seller = await signedIn([]);
      await openShift(seller);
      const kg = await product(admin, 1300, 100, { unit: 'kg' });
      const lines = Array.from({ length: 500 }, () => ({ variantId: kg, quantity: 0.001 }));
      const res = await seller.post('/api/Sales', {
        id: randomUUID(),
        lines,
        payments: [{ methodId: cash, amount: 1000 }],
      });
      expect(res.status).toBe(201);
      // 0.5 kg at 13.00 EGP is 650 piasters exactly; each line charges 1.3 rounded up to 2.
      expect(res.body.total).toBeGreaterThanOrEqual(650);
      expect(res.body.total).toBe(1000);
      expect(res.body.lineDiscountTotal + res.body.invoiceDiscount).toBe(0);
      const one = await seller.post('/api/Sales', {
        id: randomUUID(),
        lines: [{ variantId: kg, quantity: 0.5 }],
        payments: [{ methodId: cash, amount: 650 }],
      });
      expect(one.status).toBe(201);
      expect(one.body.total).toBe(650);
    });
  });

  describe('item 6: credit needs can_grant_credit', () => {
    it('only a holder sets a credit limit or sells on account without one or past it', async () => {
      const cashier = await signedIn(['can_see_customers']);
      await openShift(cashier);
      const manager = await signedIn(['can_see_customers', 'can_grant_credit']);
      await openShift(manager);
      const item = await product(admin, 5000, 100);

      const before = await tableCounts(t.ds);
      const limited = await cashier.post('/api/Customers', {
        name: 'عميل بحد',
        creditLimit: 100_000,
      });
      expect(limited.status).toBe(403);
      expect(limited.body.code).toBe('CREDIT_LIMIT_FORBIDDEN');
      const limitedEn = await inEnglish(cashier, 'post', '/api/Customers', {
        name: 'عميل بحد',
        creditLimit: 100_000,
      });
      expect(limitedEn.body.message).toContain('credit');
      expect(await tableCounts(t.ds)).toEqual(before);

      // A customer without a limit (0 = "no limit"): on account only for a holder.
      const open = await cashier.post('/api/Customers', {
        name: `عميل بلا حد ${randomUUID().slice(0, 6)}`,
      });
      expect(open.status).toBe(201);
      expect(open.body.creditLimit).toBe(0);
      expect(
        (await cashier.patch(`/api/Customers/${open.body.id}`, { creditLimit: 1 })).status,
      ).toBe(403);
      expect(
        (
          await cashier.patch(`/api/Customers/${open.body.id}`, {
            creditLimit: 0,
            phone: '01001234567',
          })
        ).status,
      ).toBe(200);
      const onAccount = (customerId: string) => ({
        id: randomUUID(),
        customerId,
        lines: [{ variantId: item, quantity: 1 }],
        payments: [],
      });
      const counted = await tableCounts(t.ds);
      const refused = await cashier.post('/api/Sales', onAccount(open.body.id));
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('CREDIT_NEEDS_PERMISSION');
      expect(await tableCounts(t.ds)).toEqual(counted);
      expect((await manager.post('/api/Sales', onAccount(open.body.id))).status).toBe(201);

      // A limit set by the holder: the cashier sells within it, not past it; the holder may.
      expect(
        (await manager.patch(`/api/Customers/${open.body.id}`, { creditLimit: 12_000 })).status,
      ).toBe(200);
      expect((await cashier.post('/api/Sales', onAccount(open.body.id))).status).toBe(201);
      const past = await cashier.post('/api/Sales', onAccount(open.body.id));
      expect(past.status).toBe(400);
      expect(past.body.code).toBe('CREDIT_LIMIT');
      expect((await manager.post('/api/Sales', onAccount(open.body.id))).status).toBe(201);
      const [{ balance }] = await t.ds.query('SELECT balance::text FROM customers WHERE id = $1', [
        open.body.id,
      ]);
      expect(Number(balance)).toBe(15_000);
      // The demo roles: a branch manager grants credit, a cashier does not.
      expect(SEED_ROLES.find((r) => r.name === 'كاشير')!.permissions).not.toContain(
        'can_grant_credit',
      );
      expect(SEED_ROLES.find((r) => r.name === 'مدير فرع')!.permissions).toContain(
        'can_grant_credit',
      );
    });
  });

  describe('item 7: a price every branch sells at', () => {
    it('is changed only by an administrator or a store-wide holder of can_change_sell_price', async () => {
      const vid = await product(admin, 10_000, 0);
      const [{ id: otherBranch }] = await t.ds.query(
        `SELECT id FROM branches WHERE id <> $1 ORDER BY created_at LIMIT 1`,
        [branchId],
      );
      const branchManager = await signedIn(
        ['can_see_products', 'can_manage_products', 'can_change_sell_price'],
        { branchId: otherBranch },
      );
      const productManager = await signedIn(['can_see_products', 'can_manage_products'], {
        branchId: otherBranch,
      });
      const storeWide = await signedIn([
        'can_see_products',
        'can_manage_products',
        'can_change_sell_price',
        'can_see_branches',
      ]);
      const price = async () =>
        Number(
          (await t.ds.query('SELECT sell_price FROM variants WHERE id = $1', [vid]))[0].sell_price,
        );

      for (const c of [branchManager, productManager]) {
        const res = await c.patch(`/api/Products/variants/${vid}`, { sellPrice: 1 });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('GLOBAL_PRICE_FORBIDDEN');
        expect(
          (await c.patch(`/api/Products/variants/${vid}`, { minSellPrice: 9_000 })).status,
        ).toBe(403);
        const en = await inEnglish(c, 'patch', `/api/Products/variants/${vid}`, { sellPrice: 1 });
        expect(en.body.message).toContain('every branch');
        // Other fields, and the same price sent back, stay theirs to edit.
        expect(
          (
            await c.patch(`/api/Products/variants/${vid}`, {
              sellPrice: 10_000,
              lowStockThreshold: 3,
            })
          ).status,
        ).toBe(200);
      }
      // The same rule for an Excel import that updates the variant (the file's price column).
      const [{ sku }] = await t.ds.query('SELECT sku FROM variants WHERE id = $1', [vid]);
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('x');
      ws.addRow(['كود الصنف', 'اسم المنتج', 'سعر البيع']);
      ws.addRow([sku, 'صنف مستورد', '0.01']);
      const file = Buffer.from(await wb.xlsx.writeBuffer());
      const imported = await productManager.agent
        .post('/api/Products/import?dryRun=false')
        .set('X-CSRF-Token', productManager.csrf)
        .attach('file', file, 'p.xlsx');
      // Status and body together, so a failure shows what the import answered instead.
      expect({ status: imported.status, code: imported.body.code, body: imported.body }).toEqual(
        expect.objectContaining({ status: 403, code: 'GLOBAL_PRICE_FORBIDDEN' }),
      );
      // A price past the limit is a row error of the import.
      const big = new ExcelJS.Workbook();
      big.addWorksheet('x').addRows([
        ['كود الصنف', 'اسم المنتج', 'سعر البيع'],
        [`NEW-${randomUUID().slice(0, 8)}`, 'صنف غال', String(LIMITS.unitPrice / 100 + 1)],
      ]);
      const tooDear = await admin.agent
        .post('/api/Products/import?dryRun=true')
        .set('X-CSRF-Token', admin.csrf)
        .attach('file', Buffer.from(await big.xlsx.writeBuffer()), 'b.xlsx');
      expect(tooDear.body.errors).toHaveLength(1);
      expect(await price()).toBe(10_000);
      expect(
        (await storeWide.patch(`/api/Products/variants/${vid}`, { sellPrice: 12_000 })).status,
      ).toBe(200);
      expect(await price()).toBe(12_000);
      expect(
        (await admin.patch(`/api/Products/variants/${vid}`, { sellPrice: 11_000 })).status,
      ).toBe(200);
      expect(await price()).toBe(11_000);
    });
  });
});
