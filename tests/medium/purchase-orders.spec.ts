import { randomUUID } from 'node:crypto';
import {
  normalizeArabic,
  type PermissionKey,
  type PurchaseOrderResponseDto,
  type ReorderSuggestionDto,
} from '@pos/contracts';
import { v7 as uuidv7 } from 'uuid';
import { applyPurchaseOrderReceipt } from '../../server/src/modules/purchasing';
import {
  Client,
  createTestApp,
  createUserWith,
  freeRegister,
  tableCounts,
  type TestApp,
} from './support/app';

// Purchase orders (issue 14, item 5): ordered → partly received → received → closed, cancelled
// from ordered; an illegal step is a 409 that writes nothing; costs only with can_see_buy_price;
// the reorder suggestion from the low-stock list and its one order per vendor.
describe('purchase orders', () => {
  let t: TestApp;
  let admin: Client;
  let b1: string;
  let b2: string;
  let inv1: string;
  let buyer: Client; // branch 1, sees costs
  let clerk: Client; // branch 1, may buy but not see costs

  const signedIn = async (permissions: PermissionKey[], branchId: string) => {
    const u = await createUserWith(t.ds, permissions, { branchId });
    const c = new Client(t.app);
    await c.signIn(u.username, u.password);
    return c;
  };
  const vendor = async (name: string, active = true) => {
    const id = uuidv7();
    await t.ds.query(
      'INSERT INTO vendors (id, name, active, search_text) VALUES ($1, $2, $3, $4)',
      [id, name, active, normalizeArabic(name)],
    );
    return id;
  };
  /** A product counted in pieces with stock in inventory 1 (cost 5000 piasters). */
  const product = async (stock: number, threshold = 0) => {
    const res = await admin.post('/api/Products', {
      nameAr: `صنف شراء ${randomUUID().slice(0, 8)}`,
      unit: 'piece',
      variants: [
        {
          barcodes: [`PO-${randomUUID().slice(0, 12)}`],
          sellPrice: 9000,
          minSellPrice: 7000,
          avgCost: 5000,
          lowStockThreshold: threshold,
          openingStock: [{ inventoryId: inv1, quantity: stock }],
        },
      ],
    });
    expect(res.status).toBe(201);
    return res.body.variants[0].id as string;
  };
  const order = async (
    by: Client,
    vendorId: string,
    lines: { variantId: string; quantity: number; unitCost?: number }[],
  ) => {
    const res = await by.post('/api/PurchaseOrders', { vendorId, inventoryId: inv1, lines });
    expect(res.status).toBe(201);
    return res.body as PurchaseOrderResponseDto;
  };
  const state = async (id: string) =>
    t.ds.query(
      `SELECT o.status, o.note, array_agg(l.received_quantity::float ORDER BY l.line_no) AS received
         FROM purchase_orders o JOIN purchase_order_lines l ON l.order_id = o.id WHERE o.id = $1 GROUP BY o.id`,
      [id],
    );

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    [{ branch_id: b1 }] = await t.ds.query(`SELECT branch_id FROM users WHERE username = 'admin'`);
    [{ branch_id: b2 }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'storekeeper'`,
    );
    [{ id: inv1 }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [b1],
    );
    buyer = await signedIn(['can_buy_products', 'can_see_buy_price'], b1);
    clerk = await signedIn(['can_buy_products'], b1);
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs ordered → partly received → received → closed; every illegal step is a 409 that writes nothing', async () => {
    const v = await vendor('شركة النيل للتوريدات');
    const a = await product(0);
    const b = await product(0);
    const po = await order(buyer, v, [
      { variantId: a, quantity: 10, unitCost: 4000 },
      { variantId: b, quantity: 4, unitCost: 2500 },
    ]);
    expect(po).toMatchObject({
      status: 'ordered',
      vendorName: 'شركة النيل للتوريدات',
      branchId: b1,
      lineCount: 2,
      orderedQuantity: 14,
      receivedQuantity: 0,
      total: 50000,
      actions: ['edit', 'receive', 'cancel'],
    });
    expect(po.number).toMatch(/^B\d{2}-PO-\d{6}$/);

    const edited = await buyer.patch(`/api/PurchaseOrders/${po.id}`, {
      expectedDate: '2026-12-20',
      note: 'التسليم صباحًا',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ expectedDate: '2026-12-20', note: 'التسليم صباحًا' });

    const part = await buyer.post(`/api/PurchaseOrders/${po.id}/receive`, {
      lines: [{ variantId: a, quantity: 6 }],
    });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({
      status: 'partly_received',
      receivedQuantity: 6,
      actions: ['receive', 'close'],
    });

    // Illegal now: edit and cancel (something arrived), more than is still due.
    const before = await tableCounts(t.ds);
    const rowBefore = await state(po.id);
    const refusals = [
      [await buyer.patch(`/api/PurchaseOrders/${po.id}`, { note: 'x' }), 409],
      [await buyer.post(`/api/PurchaseOrders/${po.id}/cancel`, {}), 409],
      [
        await buyer.post(`/api/PurchaseOrders/${po.id}/receive`, {
          lines: [{ variantId: a, quantity: 5 }],
        }),
        400,
      ],
    ] as const;
    for (const [res, status] of refusals) expect(res.status).toBe(status);
    expect(refusals[0][0].body).toMatchObject({
      code: 'PURCHASE_ORDER_ILLEGAL_TRANSITION',
      message: `لا يمكن تنفيذ هذا الإجراء: أمر الشراء ${po.number} استُلم جزء منه`,
    });
    expect(refusals[2][0].body).toMatchObject({ code: 'PURCHASE_ORDER_OVER_RECEIPT' });
    expect(await tableCounts(t.ds)).toEqual(before);
    expect(await state(po.id)).toEqual(rowBefore);

    // The purchase invoice's hook: the rest arrives → received; a wrong vendor is refused.
    await expect(
      t.ds.transaction((m) =>
        applyPurchaseOrderReceipt(m, {
          orderId: po.id,
          vendorId: uuidv7(),
          lines: [{ variantId: b, quantity: 1 }],
        }),
      ),
    ).rejects.toMatchObject({ code: 'PURCHASE_ORDER_MISMATCH' });
    const result = await t.ds.transaction((m) =>
      applyPurchaseOrderReceipt(m, {
        orderId: po.id,
        vendorId: v,
        inventoryId: inv1,
        lines: [
          { variantId: a, quantity: 4 },
          { variantId: b, quantity: '4.000' },
        ],
      }),
    );
    expect(result).toMatchObject({ from: 'partly_received', to: 'received', number: po.number });
    expect(await state(po.id)).toEqual([
      { status: 'received', note: 'التسليم صباحًا', received: [10, 4] },
    ]);

    const closed = await buyer.post(`/api/PurchaseOrders/${po.id}/close`, { note: 'اكتمل' });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', actions: [] });
    const afterClose = await tableCounts(t.ds);
    for (const [action, body] of [
      ['close', {}],
      ['cancel', {}],
      ['receive', { lines: [{ variantId: a, quantity: 1 }] }],
    ] as const) {
      const res = await buyer.post(`/api/PurchaseOrders/${po.id}/${action}`, body);
      expect(res.status).toBe(409);
    }
    expect(await tableCounts(t.ds)).toEqual(afterClose);

    const audit: { action: string }[] = await t.ds.query(
      `SELECT action FROM audit_logs WHERE entity = 'purchase_order' AND entity_id = $1 ORDER BY at, id`,
      [po.id],
    );
    expect(audit.map((r) => r.action)).toEqual([
      'purchase_order.create',
      'purchase_order.edit',
      'purchase_order.receive',
      'purchase_order.close',
    ]);
  });

  it('cancels an order from ordered only, and closes a partly received one', async () => {
    const v = await vendor('مخازن الدلتا');
    const a = await product(0);
    const first = await order(buyer, v, [{ variantId: a, quantity: 3 }]);
    const cancelled = await buyer.post(`/api/PurchaseOrders/${first.id}/cancel`, {});
    expect(cancelled.body).toMatchObject({ status: 'cancelled', actions: [] });
    const second = await order(buyer, v, [{ variantId: a, quantity: 3 }]);
    expect((await buyer.post(`/api/PurchaseOrders/${second.id}/close`, {})).status).toBe(409);
    await buyer.post(`/api/PurchaseOrders/${second.id}/receive`, {
      lines: [{ variantId: a, quantity: 1 }],
    });
    const closed = await buyer.post(`/api/PurchaseOrders/${second.id}/close`, {});
    expect(closed.body).toMatchObject({ status: 'closed', receivedQuantity: 1 });
    // an inactive vendor takes no order
    const off = await vendor('مورد موقوف', false);
    const refused = await buyer.post('/api/PurchaseOrders', {
      vendorId: off,
      inventoryId: inv1,
      lines: [{ variantId: a, quantity: 1 }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('PURCHASE_ORDER_VENDOR_INACTIVE');
  });

  it('shows no cost without can_see_buy_price, keeps other branches out and needs the buy key', async () => {
    const v = await vendor('مورد الأسعار');
    const a = await product(0);
    const po = await order(clerk, v, [{ variantId: a, quantity: 2 }]);
    expect(po).not.toHaveProperty('total');
    const detail = await clerk.get(`/api/PurchaseOrders/${po.id}`);
    expect(detail.body.lines[0]).not.toHaveProperty('unitCost');
    expect(detail.body.lines[0]).not.toHaveProperty('lineTotal');
    const list = await clerk.get('/api/PurchaseOrders?pageSize=500');
    expect(JSON.stringify(list.body)).not.toMatch(/"(total|unitCost|lineTotal)"/);
    // the clerk cannot set a cost; the order was costed at the average cost nobody showed them
    const withCost = await clerk.post('/api/PurchaseOrders', {
      vendorId: v,
      inventoryId: inv1,
      lines: [{ variantId: a, quantity: 1, unitCost: 1 }],
    });
    expect(withCost.status).toBe(403);
    expect(withCost.body.code).toBe('PURCHASE_ORDER_COST_FORBIDDEN');
    expect((await buyer.get(`/api/PurchaseOrders/${po.id}`)).body).toMatchObject({
      total: 10000,
      lines: [{ unitCost: 5000, lineTotal: 10000 }],
    });

    const elsewhere = await signedIn(['can_buy_products'], b2);
    expect((await elsewhere.get(`/api/PurchaseOrders/${po.id}`)).status).toBe(404);
    expect((await elsewhere.post(`/api/PurchaseOrders/${po.id}/cancel`, {})).status).toBe(404);
    const listed = await elsewhere.get('/api/PurchaseOrders?pageSize=500');
    expect(listed.body.map((r: PurchaseOrderResponseDto) => r.id)).not.toContain(po.id);
    const noKey = await signedIn(['can_see_products'], b1);
    expect((await noKey.get('/api/PurchaseOrders')).status).toBe(403);
    expect((await noKey.get('/api/PurchaseOrders/reorder-suggestion')).status).toBe(403);
  });

  it("suggests from the low-stock list with 30 days' sales, the last vendor and open orders; one order per vendor", async () => {
    const nile = await vendor('النيل للأغذية');
    const delta = await vendor('الدلتا للتجارة');
    const fast = await product(97, 5); // sold down to 4 below: low (4 ≤ 5)
    const slow = await product(2, 3); // low: 2 ≤ 3
    const fine = await product(50, 5); // not low
    const orphan = await product(1, 2); // low, never ordered: no vendor

    // Real sales, then dated back: 43 pieces within the last 30 days, 50 more 45 days ago.
    const cashierUser = await createUserWith(t.ds, [], { branchId: b1 });
    const cashier = new Client(t.app);
    await cashier.signIn(cashierUser.username, cashierUser.password);
    const register = await freeRegister(t.ds, b1, 40);
    expect((await cashier.post('/api/Shift/open', { openingCash: 0, register })).status).toBe(201);
    const cash = (await admin.get('/api/PaymentMethods')).body.find(
      (m: { type: string }) => m.type === 'cash',
    ).id;
    const sell = async (quantity: number, daysAgo: number) => {
      const sale = await cashier.post('/api/Sales', {
        id: randomUUID(),
        lines: [{ variantId: fast, quantity }],
        payments: [{ methodId: cash, amount: quantity * 9000 }],
      });
      expect(sale.status).toBe(201);
      await t.ds.query(
        `UPDATE stock_movements SET at = now() - make_interval(days => $2)
          WHERE reference_id = $1 AND variant_id = $3`,
        [sale.body.id, daysAgo, fast],
      );
    };
    await sell(20, 2);
    await sell(15, 10);
    await sell(8, 29);
    await sell(50, 45);

    // The latest (not cancelled) order gives the vendor; an open one counts as on order.
    const earlier = await order(buyer, delta, [{ variantId: fast, quantity: 1, unitCost: 3000 }]);
    await buyer.post(`/api/PurchaseOrders/${earlier.id}/receive`, {
      lines: [{ variantId: fast, quantity: 1 }],
    }); // received in full: nothing more on order
    const open = await order(buyer, nile, [{ variantId: fast, quantity: 10, unitCost: 3500 }]);
    await buyer.post(`/api/PurchaseOrders/${open.id}/receive`, {
      lines: [{ variantId: fast, quantity: 4 }],
    }); // 6 still to come
    const gone = await order(buyer, delta, [{ variantId: slow, quantity: 2, unitCost: 1000 }]);
    await buyer.post(`/api/PurchaseOrders/${gone.id}/cancel`, {});
    await order(buyer, delta, [{ variantId: slow, quantity: 1, unitCost: 1200 }]).then(
      async (o) => {
        await buyer.post(`/api/PurchaseOrders/${o.id}/receive`, {
          lines: [{ variantId: slow, quantity: 1 }],
        });
      },
    );

    const res = await buyer.get(`/api/PurchaseOrders/reorder-suggestion?inventoryId=${inv1}`);
    expect(res.status).toBe(200);
    const s = res.body as ReorderSuggestionDto;
    const row = (id: string) => s.rows.find((r) => r.variantId === id);
    expect(row(fine)).toBeUndefined();
    // fast: max(2×5 − 4, 43 − 4) − 6 on order = 33, from its latest vendor at the latest cost
    expect(row(fast)).toMatchObject({
      onHand: 4,
      lowStockThreshold: 5,
      sold30Days: 43,
      onOrder: 6,
      suggestedQuantity: 33,
      vendorId: nile,
      vendorName: 'النيل للأغذية',
      unitCost: 3500,
    });
    // slow: no sales, 2×3 − 2 = 4; the cancelled order does not name the vendor or the cost
    expect(row(slow)).toMatchObject({
      sold30Days: 0,
      onOrder: 0,
      suggestedQuantity: 4,
      vendorId: delta,
      unitCost: 1200,
    });
    expect(row(orphan)).toMatchObject({ suggestedQuantity: 3, vendorId: null, unitCost: 5000 });
    // without the buy-price key: the same rows, no cost
    const blind = (await clerk.get('/api/PurchaseOrders/reorder-suggestion')).body;
    expect(blind.inventoryId).toBe(inv1);
    expect(JSON.stringify(blind)).not.toContain('unitCost');

    // The chosen lines (the orphan given a vendor by the user) → one order per vendor.
    const made = await buyer.post('/api/PurchaseOrders/reorder', {
      inventoryId: inv1,
      expectedDate: '2026-12-31',
      lines: [
        { variantId: fast, vendorId: nile, quantity: 33 },
        { variantId: slow, vendorId: delta, quantity: 4 },
        { variantId: orphan, vendorId: nile, quantity: 3 },
      ],
    });
    expect(made.status).toBe(201);
    const orders = made.body as PurchaseOrderResponseDto[];
    expect(orders.map((o) => [o.vendorId, o.lineCount, o.status, o.expectedDate])).toEqual([
      [nile, 2, 'ordered', '2026-12-31'],
      [delta, 1, 'ordered', '2026-12-31'],
    ]);
    expect(orders[0].total).toBe(33 * 3500 + 3 * 5000);
    // what was just ordered is now on order: nothing more to suggest for these
    const after = (await buyer.get(`/api/PurchaseOrders/reorder-suggestion?inventoryId=${inv1}`))
      .body as ReorderSuggestionDto;
    for (const id of [fast, slow, orphan])
      expect(after.rows.find((r) => r.variantId === id)?.suggestedQuantity).toBe(0);

    // one inactive vendor refuses the lot: no order written
    const off = await vendor('مورد متوقف', false);
    const count = async () =>
      Number((await t.ds.query('SELECT count(*) FROM purchase_orders'))[0].count);
    const n = await count();
    const refused = await buyer.post('/api/PurchaseOrders/reorder', {
      inventoryId: inv1,
      lines: [
        { variantId: fast, vendorId: nile, quantity: 1 },
        { variantId: slow, vendorId: off, quantity: 1 },
      ],
    });
    expect(refused.status).toBe(400);
    expect(await count()).toBe(n);
  });
});
