import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { LIMITS, type PermissionKey } from '@pos/contracts';
import { Client, createTestApp, createUserWith, freeRegister, type TestApp } from './support/app';

// Issue 32 items 3-5 (server): the branch's tills, a sale rung on one, and the rules for a sale
// rung offline (docs/offline.md): what changed meanwhile is accepted and flagged, never refused.
describe('offline sales', () => {
  let t: TestApp;
  let admin: Client;
  let inventoryId: string;
  let branchId: string;
  let cash: string;

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
    // The rules below are about an inventory that may not go negative.
    await t.ds.query('UPDATE inventories SET allow_negative = false WHERE id = $1', [inventoryId]);
    const methods = (await admin.get('/api/PaymentMethods')).body;
    cash = methods.find((m: { type: string }) => m.type === 'cash').id;
  });
  afterAll(async () => {
    await t.close();
  });

  const product = async (stock: number, price = 10000) => {
    const res = await admin.post('/api/Products', {
      nameAr: `صنف دون اتصال ${randomUUID().slice(0, 8)}`,
      variants: [
        {
          barcodes: [`O-${randomUUID().slice(0, 12)}`],
          sellPrice: price,
          minSellPrice: Math.round(price * 0.8),
          avgCost: Math.round(price * 0.6),
          openingStock: [{ inventoryId, quantity: stock }],
        },
      ],
    });
    expect(res.status).toBe(201);
    return res.body.variants[0].id as string;
  };

  let nextRegister = 40;
  /** A signed-in cashier with an open shift and a registered till. */
  const cashier = async (permissions: PermissionKey[] = [], maxDiscountPercent = 0) => {
    const user = await createUserWith(t.ds, permissions);
    await t.ds.query('UPDATE users SET max_discount_percent = $2 WHERE id = $1', [
      user.id,
      maxDiscountPercent,
    ]);
    const c = new Client(t.app);
    await c.signIn(user.username, user.password);
    const register = await freeRegister(t.ds, branchId, nextRegister);
    nextRegister = register + 1;
    expect((await c.post('/api/Shift/open', { openingCash: 0, register })).status).toBe(201);
    const deviceId = uuidv7();
    const device = await c.post('/api/PosDevices', { id: deviceId, name: 'كاشير ١' });
    expect(device.status).toBe(201);
    let receiptNo = 0;
    /** A sale rung on this till (offline unless told otherwise), its next receipt number. */
    const sell = (body: object, offline = true, rungAt = new Date().toISOString()) =>
      c.post('/api/Sales', {
        id: uuidv7(),
        device: { deviceId, receiptNo: ++receiptNo, rungAt, offline },
        ...body,
      });
    return Object.assign(c, {
      userId: user.id,
      deviceId,
      prefix: device.body.receiptPrefix as string,
      sell,
    });
  };

  const flagsOf = async (saleId: string) =>
    (
      await t.ds.query(
        'SELECT kind, detail FROM sale_flags WHERE sale_id = $1 ORDER BY kind, created_at',
        [saleId],
      )
    ).map((r: { kind: string }) => r.kind);

  const onHand = async (variantId: string) =>
    Number(
      (
        await t.ds.query(
          'SELECT on_hand FROM stock_levels WHERE variant_id = $1 AND inventory_id = $2',
          [variantId, inventoryId],
        )
      )[0].on_hand,
    );

  it('registers a till once per id, numbered in its branch, with its receipt prefix', async () => {
    const c = await cashier();
    const again = await c.post('/api/PosDevices', { id: c.deviceId, name: 'اسم آخر' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: c.deviceId, branchId, name: 'كاشير ١' });
    expect(again.body.receiptPrefix).toMatch(/-D\d{2,}$/);
    const other = await cashier();
    const second = (await other.get(`/api/PosDevices/${other.deviceId}`)).body;
    expect(second.number).toBeGreaterThan(again.body.number);
    expect(second.receiptPrefix).not.toBe(again.body.receiptPrefix);
    // A user of another branch may not take this till over.
    const [{ id: otherBranch }] = await t.ds.query(
      'SELECT id FROM branches WHERE id <> $1 ORDER BY created_at LIMIT 1',
      [branchId],
    );
    const stranger = new Client(t.app);
    const u = await createUserWith(t.ds, [], { branchId: otherBranch });
    await stranger.signIn(u.username, u.password);
    const taken = await stranger.post('/api/PosDevices', { id: c.deviceId });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('DEVICE_OTHER_BRANCH');
    expect((await stranger.get(`/api/PosDevices/${c.deviceId}`)).status).toBe(404);
  });

  it('stores the till, its receipt number and time; the invoice shows it and is found by it', async () => {
    const c = await cashier();
    const variantId = await product(5);
    const rungAt = new Date(Date.now() - 3_600_000).toISOString();
    const res = await c.sell(
      { lines: [{ variantId, quantity: 1 }], payments: [{ methodId: cash, amount: 10000 }] },
      false,
      rungAt,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      deviceReceipt: `${c.prefix}-1`,
      rungAt,
      offline: false,
    });
    expect(res.body.number).not.toBe(res.body.deviceReceipt);
    const read = (await c.get(`/api/invoices/${res.body.id}`)).body;
    expect(read).toMatchObject({ deviceReceipt: `${c.prefix}-1`, rungAt, offline: false });
    const byDevice = await c.get(`/api/invoices/by-number/${c.prefix.toLowerCase()}-1`);
    expect(byDevice.status).toBe(200);
    expect(byDevice.body.id).toBe(res.body.id);
    expect((await c.get(`/api/invoices/by-number/${c.prefix}-2`)).status).toBe(404);
    const [device] = await t.ds.query('SELECT last_receipt_no FROM pos_devices WHERE id = $1', [
      c.deviceId,
    ]);
    expect(device.last_receipt_no).toBe(1);
  });

  it('keeps the rules of an online sale when the till says it is online', async () => {
    const c = await cashier();
    const variantId = await product(1);
    const res = await c.sell(
      { lines: [{ variantId, quantity: 2 }], payments: [{ methodId: cash, amount: 20000 }] },
      false,
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INSUFFICIENT_STOCK');
    expect(await onHand(variantId)).toBe(1);
  });

  it('accepts stock going below zero offline and flags it for the storekeeper', async () => {
    const c = await cashier();
    const variantId = await product(1);
    const res = await c.sell({
      lines: [{ variantId, quantity: 3 }],
      payments: [{ methodId: cash, amount: 30000 }],
    });
    expect(res.status).toBe(201);
    expect(res.body.offline).toBe(true);
    expect(await onHand(variantId)).toBe(-2);
    expect(await flagsOf(res.body.id)).toEqual(['negative_stock']);
    // The storekeeper's list shows it; marking it reviewed takes it off.
    const keeper = new Client(t.app);
    const u = await createUserWith(t.ds, ['can_see_inventories', 'can_adjust_stock']);
    await keeper.signIn(u.username, u.password);
    const list = await keeper.get('/api/SaleFlags');
    expect(list.status).toBe(200);
    const mine = list.body.filter((f: { saleId: string }) => f.saleId === res.body.id);
    expect(mine).toEqual([
      expect.objectContaining({
        kind: 'negative_stock',
        saleNumber: res.body.number,
        deviceReceipt: res.body.deviceReceipt,
        detail: expect.objectContaining({ variantId, onHand: -2 }),
      }),
    ]);
    expect((await c.get('/api/SaleFlags')).status).toBe(403);
    expect((await keeper.post(`/api/SaleFlags/${mine[0].id}/review`)).status).toBe(204);
    const again = await keeper.post(`/api/SaleFlags/${mine[0].id}/review`);
    expect(again.status).toBe(409);
    const after = (await keeper.get('/api/SaleFlags')).body;
    expect(after.some((f: { id: string }) => f.id === mine[0].id)).toBe(false);
  });

  it('keeps the price an offline sale was rung at, and flags one under the minimum', async () => {
    const c = await cashier();
    const variantId = await product(10, 10000);
    // The price went up to 120 EGP (minimum 100) while the till still sold at 100.
    await t.ds.query(
      'UPDATE variants SET sell_price = 12000, min_sell_price = 9500 WHERE id = $1',
      [variantId],
    );
    const res = await c.sell({
      lines: [{ variantId, quantity: 1, unitPrice: 10000 }],
      payments: [{ methodId: cash, amount: 10000 }],
    });
    expect(res.status).toBe(201);
    expect(res.body.total).toBe(10000);
    expect(res.body.lines[0]).toMatchObject({ unitPrice: 10000, listPrice: 10000 });
    expect(await flagsOf(res.body.id)).toEqual(['price_changed']);
    const [audit] = await t.ds.query(
      `SELECT after FROM audit_logs WHERE entity = 'sale' AND entity_id = $1 AND action = 'sale.create'`,
      [res.body.id],
    );
    expect(audit.after.flags).toEqual([
      expect.objectContaining({
        kind: 'price_changed',
        detail: expect.objectContaining({ rung: 10000, current: 12000 }),
      }),
    ]);
    // Rung under today's minimum (the minimum rose meanwhile): accepted, flagged.
    await t.ds.query('UPDATE variants SET min_sell_price = 11000 WHERE id = $1', [variantId]);
    const low = await c.sell({
      lines: [{ variantId, quantity: 1, unitPrice: 10000 }],
      payments: [{ methodId: cash, amount: 10000 }],
    });
    expect(low.status).toBe(201);
    expect(await flagsOf(low.body.id)).toEqual(['below_min_price', 'price_changed']);
    // Online, the same sale is refused as before.
    const online = await c.sell(
      {
        lines: [{ variantId, quantity: 1, unitPrice: 10000 }],
        payments: [{ methodId: cash, amount: 10000 }],
      },
      false,
    );
    expect(online.body.code).toBe('PRICE_CHANGE_FORBIDDEN');
  });

  it('accepts a discount over the cap (a permission revoked meanwhile) offline and flags it', async () => {
    const c = await cashier([], 5);
    const variantId = await product(10, 10000);
    const body = {
      lines: [{ variantId, quantity: 1, discount: 2000 }],
      payments: [{ methodId: cash, amount: 8000 }],
    };
    expect((await c.sell(body, false)).body.code).toBe('MAX_DISCOUNT_EXCEEDED');
    const res = await c.sell(body);
    expect(res.status).toBe(201);
    expect(res.body.total).toBe(8000);
    expect(await flagsOf(res.body.id)).toEqual(['discount_over_cap']);
  });

  it('accepts an on-account sale beyond the current credit limit offline and flags it', async () => {
    const c = await cashier(['can_see_customers']);
    const variantId = await product(10, 10000);
    const customer = (
      await admin.post('/api/Customers', { name: 'عميل دون اتصال', creditLimit: 5000 })
    ).body;
    const body = {
      customerId: customer.id,
      lines: [{ variantId, quantity: 1 }],
      payments: [{ methodId: cash, amount: 2000 }],
    };
    expect((await c.sell(body, false)).body.code).toBe('CREDIT_LIMIT');
    const res = await c.sell(body);
    expect(res.status).toBe(201);
    expect(res.body.dueAmount).toBe(8000);
    expect(await flagsOf(res.body.id)).toEqual(['credit_over_limit']);
    const [row] = await t.ds.query('SELECT balance FROM customers WHERE id = $1', [customer.id]);
    expect(Number(row.balance)).toBe(8000);
  });

  it('accepts change above the bound on a sale rung offline (the device handed it over) and flags it', async () => {
    const c = await cashier();
    const variantId = await product(10, 25400);
    const body = {
      lines: [{ variantId, quantity: 1 }],
      payments: [{ methodId: cash, amount: 25400 + LIMITS.maxChange + 500 }],
    };
    expect((await c.sell(body, false)).body.code).toBe('CHANGE_TOO_LARGE');
    const res = await c.sell(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      total: 25400,
      paidTotal: 25400,
      changeDue: LIMITS.maxChange + 500,
    });
    const flags = await t.ds.query('SELECT kind, detail FROM sale_flags WHERE sale_id = $1', [
      res.body.id,
    ]);
    expect(flags).toEqual([
      {
        kind: 'change_over_limit',
        detail: {
          change: LIMITS.maxChange + 500,
          received: 25400 + LIMITS.maxChange + 500,
          max: LIMITS.maxChange,
        },
      },
    ]);
  });

  it('earns loyalty points on an offline sale when it syncs; refuses points as its tender', async () => {
    const c = await cashier(['can_see_customers']);
    const variantId = await product(10, 10000);
    const customer = (await admin.post('/api/Customers', { name: 'عميل نقاط دون اتصال' })).body;
    const methods = (await admin.get('/api/PaymentMethods')).body as { id: string; type: string }[];
    const points = methods.find((m) => m.type === 'loyalty')!.id;
    const res = await c.sell({
      customerId: customer.id,
      lines: [{ variantId, quantity: 1 }],
      payments: [{ methodId: cash, amount: 10000 }],
    });
    expect([res.status, res.body.loyalty]).toEqual([201, { earned: 10, redeemed: 0, balance: 10 }]);
    const refused = await c.sell({
      customerId: customer.id,
      lines: [{ variantId, quantity: 1 }],
      payments: [
        { methodId: points, amount: 100 },
        { methodId: cash, amount: 9900 },
      ],
    });
    expect([refused.status, refused.body.code]).toEqual([400, 'LOYALTY_OFFLINE']);
  });

  it('makes one invoice of an offline sale posted twice', async () => {
    const c = await cashier();
    const variantId = await product(0);
    const body = {
      id: uuidv7(),
      lines: [{ variantId, quantity: 1 }],
      payments: [{ methodId: cash, amount: 10000 }],
      device: {
        deviceId: c.deviceId,
        receiptNo: 7,
        rungAt: new Date().toISOString(),
        offline: true,
      },
    };
    const first = await c.post('/api/Sales', body);
    expect(first.status).toBe(201);
    const second = await c.post('/api/Sales', body);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: body.id, number: first.body.number });
    const [{ n }] = await t.ds.query(
      'SELECT count(*)::int AS n FROM sales_invoices WHERE device_id = $1',
      [c.deviceId],
    );
    expect(n).toBe(1);
    expect(await onHand(variantId)).toBe(-1);
    expect(await flagsOf(body.id)).toEqual(['negative_stock']);
    // A till that got no answer completes the sale and sends it again marked offline: a first try
    // that did arrive is the same sale (the flag is not part of the sale's fingerprint).
    const stocked = await product(5);
    const online = {
      ...body,
      id: uuidv7(),
      lines: [{ variantId: stocked, quantity: 1 }],
      device: { ...body.device, receiptNo: 8, offline: false },
    };
    expect((await c.post('/api/Sales', online)).status).toBe(201);
    const marked = await c.post('/api/Sales', {
      ...online,
      device: { ...online.device, offline: true },
    });
    expect(marked.status).toBe(200);
    expect(marked.body.offline).toBe(false);
    // Any other change to it is another sale under a used id.
    const changed = await c.post('/api/Sales', { ...online, note: 'x' });
    expect(changed.body.code).toBe('SALE_ID_CONFLICT');
    // Another sale under the same receipt number of the till is refused.
    const clash = await c.post('/api/Sales', { ...body, id: uuidv7() });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('DEVICE_RECEIPT_TAKEN');
  });

  it('refuses a sale rung too long ago, on an unknown till, or under a bad receipt number', async () => {
    const c = await cashier();
    const variantId = await product(5);
    const sale = (device: object) =>
      c.post('/api/Sales', {
        id: uuidv7(),
        lines: [{ variantId, quantity: 1 }],
        payments: [{ methodId: cash, amount: 10000 }],
        device: {
          deviceId: c.deviceId,
          receiptNo: 1,
          rungAt: new Date().toISOString(),
          offline: true,
          ...device,
        },
      });
    const old = await sale({ rungAt: new Date(Date.now() - 8 * 86_400_000).toISOString() });
    expect(old.status).toBe(400);
    expect(old.body.message).toContain('وقت البيع');
    const ahead = await sale({ rungAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(ahead.status).toBe(400);
    expect((await sale({ rungAt: 'yesterday' })).status).toBe(400);
    const zero = await sale({ receiptNo: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toContain('رقم الإيصال على الجهاز');
    expect((await sale({ receiptNo: 1.5 })).status).toBe(400);
    const unknown = await sale({ deviceId: uuidv7() });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('DEVICE_NOT_REGISTERED');
    expect(await onHand(variantId)).toBe(5);
  });

  // docs/decisions/0075: a till's queued sales several per request, each its own transaction.
  describe('POST /api/Sales/batch', () => {
    type Item = { id: string; ok: boolean; sale?: { number: string }; error?: { code: string } };
    /** Sales rung on the till `c` under its next receipt numbers (not sent). */
    const rung = (
      c: Awaited<ReturnType<typeof cashier>>,
      variantId: string,
      count: number,
      from: number,
    ) =>
      Array.from({ length: count }, (_, i) => ({
        id: uuidv7(),
        lines: [{ variantId, quantity: 1 }],
        payments: [{ methodId: cash, amount: 10000 }],
        device: {
          deviceId: c.deviceId,
          receiptNo: from + i,
          rungAt: new Date().toISOString(),
          offline: true,
        },
      }));
    const invoicesOf = (deviceId: string) =>
      t.ds.query(
        'SELECT id, number, device_receipt_no FROM sales_invoices WHERE device_id = $1 ORDER BY created_at, number',
        [deviceId],
      );

    it('makes the sales in order, and answers a whole batch again with the same invoices', async () => {
      const c = await cashier();
      const variantId = await product(10);
      const sales = rung(c, variantId, 5, 1);
      const first = await c.post('/api/Sales/batch', { sales });
      expect(first.status).toBe(201);
      const results = first.body.results as Item[];
      expect(results.map((r) => [r.id, r.ok])).toEqual(sales.map((s) => [s.id, true]));
      // In the batch's order: the server's numbers and the till's follow each other.
      const rows = await invoicesOf(c.deviceId);
      expect(rows.map((r: { id: string }) => r.id)).toEqual(sales.map((s) => s.id));
      expect(rows.map((r: { number: string }) => r.number)).toEqual(
        results.map((r) => r.sale!.number),
      );
      expect([...rows.map((r: { number: string }) => r.number)].sort()).toEqual(
        rows.map((r: { number: string }) => r.number),
      );
      expect(await onHand(variantId)).toBe(5);
      // The same batch again (its answer was lost): nothing new, the same invoices, 200.
      const again = await c.post('/api/Sales/batch', { sales });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await invoicesOf(c.deviceId)).toHaveLength(5);
      expect(await onHand(variantId)).toBe(5);
    });

    it('one transaction for the batch: a sale sent twice in it is made once, the repeat answered with its invoice', async () => {
      const c = await cashier();
      const variantId = await product(10);
      const [a, b] = rung(c, variantId, 2, 1);
      const res = await c.post('/api/Sales/batch', { sales: [a, b, a] });
      expect(res.status).toBe(201);
      const results = res.body.results as Item[];
      expect(results.map((r) => [r.id, r.ok])).toEqual([
        [a.id, true],
        [b.id, true],
        [a.id, true],
      ]);
      expect(results[2].sale!.number).toBe(results[0].sale!.number);
      expect(await invoicesOf(c.deviceId)).toHaveLength(2);
      expect(await onHand(variantId)).toBe(8);
    });

    it('answers the sales of a partly made batch as made before and makes the rest', async () => {
      const c = await cashier();
      const variantId = await product(10);
      const sales = rung(c, variantId, 4, 1);
      const made = [await c.post('/api/Sales', sales[0]), await c.post('/api/Sales', sales[1])];
      expect(made.map((r) => r.status)).toEqual([201, 201]);
      const res = await c.post('/api/Sales/batch', { sales });
      expect(res.status).toBe(201);
      const results = res.body.results as Item[];
      expect(results.every((r) => r.ok)).toBe(true);
      expect(results.slice(0, 2).map((r) => r.sale)).toEqual(made.map((r) => r.body));
      expect(await invoicesOf(c.deviceId)).toHaveLength(4);
      expect(await onHand(variantId)).toBe(6);
    });

    it('reports a refused sale for that sale, writes nothing of it, and goes on', async () => {
      const c = await cashier();
      const variantId = await product(10);
      const [a, b, d, e, f] = rung(c, variantId, 5, 1);
      const sales = [
        a,
        { ...b, device: { ...b.device, receiptNo: 1 } }, // the till's receipt 1 is a's
        { ...d, payments: [{ methodId: uuidv7(), amount: 10000 }] }, // a payment method gone
        {
          ...e,
          device: { ...e.device, offline: false },
          lines: [{ variantId, quantity: 50 }],
          payments: [{ methodId: cash, amount: 500000 }],
        }, // online, more than the stock
        f,
      ];
      const res = await c.post('/api/Sales/batch', { sales });
      expect(res.status).toBe(201);
      const results = res.body.results as (Item & {
        error?: { statusCode: number; message: string };
      })[];
      expect(results.map((r) => [r.id, r.ok, r.error?.statusCode, r.error?.code])).toEqual([
        [a.id, true, undefined, undefined],
        [b.id, false, 409, 'DEVICE_RECEIPT_TAKEN'],
        [d.id, false, 400, 'PAYMENT_METHOD_INVALID'],
        [e.id, false, 400, 'INSUFFICIENT_STOCK'],
        [f.id, true, undefined, undefined],
      ]);
      // Each refusal as POST /api/Sales words it, in the caller's language.
      expect(results[1].error!.message).toBe(`الإيصال ${c.prefix}-1 مستخدم لفاتورة أخرى`);
      const single = await c.post('/api/Sales', { ...sales[2], id: uuidv7() });
      expect([single.status, single.body]).toEqual([400, results[2].error]);
      const rows = await invoicesOf(c.deviceId);
      expect(rows.map((r: { id: string }) => r.id)).toEqual([a.id, f.id]);
      expect(await onHand(variantId)).toBe(8);
    });

    it("checks each sale as the user's own: their shift, their discount cap, their branch's till", async () => {
      const c = await cashier([], 5);
      const variantId = await product(10);
      const [a, b, d] = rung(c, variantId, 3, 1);
      const [{ id: otherBranch }] = await t.ds.query(
        'SELECT id FROM branches WHERE id <> $1 ORDER BY created_at LIMIT 1',
        [branchId],
      );
      const foreign = uuidv7();
      await t.ds.query(
        `INSERT INTO pos_devices (id, branch_id, number, name, receipt_prefix)
         VALUES ($1, $2, 999, 'جهاز فرع آخر', 'X99-D99')`,
        [foreign, otherBranch],
      );
      const sales = [
        // online, 20% off with a 5% cap: refused as the single endpoint refuses it
        {
          ...a,
          device: { ...a.device, offline: false },
          lines: [{ variantId, quantity: 1, discount: 2000 }],
          payments: [{ methodId: cash, amount: 8000 }],
        },
        { ...b, device: { ...b.device, deviceId: foreign } },
        d,
      ];
      const res = await c.post('/api/Sales/batch', { sales });
      expect(
        (res.body.results as Item[]).map((r) => [r.ok, r.error?.code ?? r.sale!.number.length > 0]),
      ).toEqual([
        [false, 'MAX_DISCOUNT_EXCEEDED'],
        [false, 'DEVICE_OTHER_BRANCH'],
        [true, true],
      ]);
      // A user without an open shift: each sale refused, nothing made (200), nothing written.
      const u = await createUserWith(t.ds, []);
      const idle = new Client(t.app);
      await idle.signIn(u.username, u.password);
      const none = await idle.post('/api/Sales/batch', { sales: rung(c, variantId, 2, 10) });
      expect(none.status).toBe(200);
      expect((none.body.results as Item[]).map((r) => r.error?.code)).toEqual([
        'SHIFT_NOT_OPEN',
        'SHIFT_NOT_OPEN',
      ]);
      // Signed out: nothing is looked at.
      const anonymous = new Client(t.app);
      await anonymous.fetchCsrf();
      expect((await anonymous.post('/api/Sales/batch', { sales: [d] })).status).toBe(401);
      expect(await invoicesOf(c.deviceId)).toHaveLength(1);
      expect(await onHand(variantId)).toBe(9);
    });

    it('takes 1 to LIMITS.saleBatch sales, else a 400 naming the field, before any is made', async () => {
      const c = await cashier();
      const variantId = await product(100);
      const tooMany = rung(c, variantId, LIMITS.saleBatch + 1, 1);
      const res = await c.post('/api/Sales/batch', { sales: tooMany });
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.body.message).toBe(
        `الحقل "الفواتير" يحمل من فاتورة واحدة إلى ${LIMITS.saleBatch} فاتورة في الطلب الواحد`,
      );
      // A malformed sale is bad input for the whole request, named by its place: nothing is made.
      const malformed = await c.post('/api/Sales/batch', {
        sales: [tooMany[0], { ...tooMany[1], lines: [{ variantId, quantity: 'x' }] }],
      });
      expect([malformed.status, malformed.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(malformed.body.message).toContain('الكمية');
      for (const body of [
        { sales: [] },
        { sales: 'x' },
        {},
        { sales: [1] },
        { sales: [{}] },
        { sales: tooMany.slice(0, 1), x: 1 },
      ])
        expect((await c.post('/api/Sales/batch', body)).status).toBe(400);
      expect(await invoicesOf(c.deviceId)).toHaveLength(0);
      const most = await c.post('/api/Sales/batch', { sales: tooMany.slice(0, LIMITS.saleBatch) });
      expect(most.status).toBe(201);
      expect(await invoicesOf(c.deviceId)).toHaveLength(LIMITS.saleBatch);
    });
  });
});
